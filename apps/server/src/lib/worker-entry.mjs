// A thread of lib/worker-task.ts: the task module loaded ahead (TypeScript through tsx when the server runs
// from its sources, since a worker does not inherit the parent's loader; plain JavaScript from the production
// bundle), then one task, whose result goes back to the caller.
import { parentPort, workerData } from 'node:worker_threads';

if (workerData.module.endsWith('.ts')) (await import('tsx/esm/api')).register();
const tasks = await import(workerData.module);
parentPort.once('message', async ({ name, args }) => {
  parentPort.postMessage(await tasks[name](...args));
});

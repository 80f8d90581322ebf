// A thread of lib/worker-task.ts: TypeScript through tsx (a worker does not inherit the parent's loader),
// the task module loaded ahead, then one task, whose result goes back to the caller.
import { parentPort, workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
const tasks = await import(workerData.module);
parentPort.once('message', async ({ name, args }) => {
  parentPort.postMessage(await tasks[name](...args));
});

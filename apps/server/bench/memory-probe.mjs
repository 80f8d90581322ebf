// Loaded into the server under test (node --import, see server-process.ts; plain JavaScript, so the
// production bundle needs no loader for it) when the load run asks for it:
// every 250 ms sends the process's memoryUsage() and the longest time its event loop was held in those
// 250 ms to the parent over IPC, so the V8 heap and blocking can be followed without any change to the
// server. Asked 'collect', it runs a full garbage collection (the server then runs with --expose-gc) and
// answers what stays alive.
const SAMPLE_INTERVAL_MS = 250;
/** A timer this often: how late it fires is how long the loop was held (perf_hooks' monitorEventLoopDelay
 * drops the first delay after a reset, which is the one a sample per window needs). */
const TICK_MS = 10;

if (process.send) {
  let lastTick = performance.now();
  let longestDelay = 0;
  setInterval(() => {
    const now = performance.now();
    longestDelay = Math.max(longestDelay, now - lastTick - TICK_MS);
    lastTick = now;
  }, TICK_MS).unref();
  setInterval(() => {
    process.send?.({ memoryUsage: process.memoryUsage(), eventLoopDelayMs: longestDelay });
    longestDelay = 0;
  }, SAMPLE_INTERVAL_MS).unref();
  process.on('message', (message) => {
    if (message !== 'collect') return;
    globalThis.gc?.();
    process.send?.({ liveMemory: process.memoryUsage() });
  });
}

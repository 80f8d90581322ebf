/** Figures as every bench prints them. */

/** The p-th percentile of ascending values (NaN when empty). */
export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export const ms = (value: number) => `${value < 10 ? value.toFixed(1) : value.toFixed(0)} ms`;

/** 'PASS', or 'FAIL: ' and every missed limit. */
export const verdict = (misses: string[]) => (misses.length ? `FAIL: ${misses.join('; ')}` : 'PASS');

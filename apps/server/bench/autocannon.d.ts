// The part of autocannon's API the bench uses (the package ships no types).
declare module 'autocannon' {
  interface AutocannonOptions {
    url: string;
    connections?: number;
    /** Seconds. */
    duration?: number;
    headers?: Record<string, string>;
    method?: string;
    /** Requests per second over all connections; unlimited when absent. */
    overallRate?: number;
  }

  interface Histogram {
    average: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total: number;
  }

  interface AutocannonResult {
    /** Seconds. */
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    /** Milliseconds, 2xx answers only. */
    latency: Histogram;
    /** Per-second samples; `total` is every completed request. */
    requests: Histogram;
  }

  /** The running load: a promise of its result that also reports each answer and can be stopped early. */
  interface AutocannonInstance {
    /** Every answer as it arrives; responseTime in milliseconds (fractional). */
    on(
      event: 'response',
      listener: (client: unknown, statusCode: number, resBytes: number, responseTime: number) => void,
    ): void;
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult> & AutocannonInstance;
  export default autocannon;
}

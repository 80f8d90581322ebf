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
    /** Requests per second of each connection: it sends that many, then waits for its next second. */
    connectionRate?: number;
    /** Seconds an answer may take before the call counts as a timeout. */
    timeout?: number;
    /** The calls each connection makes in turn; setupRequest builds each one as it is sent. */
    requests?: AutocannonRequest[];
  }

  interface RequestParts {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string | Buffer;
  }

  interface AutocannonRequest extends RequestParts {
    setupRequest?: (request: RequestParts, context: object) => RequestParts;
    /** The answer of this call; body is the raw text, header names as the server sent them. */
    onResponse?: (status: number, body: string, context: object, headers: Record<string, unknown>) => void;
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
    /** A socket error or a timeout. */
    on(event: 'reqError', listener: (error: Error) => void): void;
    stop(): void;
  }

  function autocannon(options: AutocannonOptions): Promise<AutocannonResult> & AutocannonInstance;
  export default autocannon;
}

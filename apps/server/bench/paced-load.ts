// An open-loop load at a steady rate: request i leaves at start + i / rate whatever the answers before it did,
// over a fixed number of kept-alive connections (a request finding all of them busy waits for one, and that
// wait counts in its latency). autocannon's overallRate is not this: each connection sends back to back until
// it has made its share of the second, then idles, so "300 req/s over 10 connections" is ten requests at once
// at the start of every second, and its latencies are those of a burst (and whole milliseconds).
// Also the same call one at a time (oneAtATimeP50), timed the same way.
import { Agent, request as httpRequest } from 'node:http';
import { percentile } from './report.ts';

export interface PacedFigures {
  p50: number;
  p99: number;
  perSecond: number;
  requests: number;
}

export interface PacedLoadOptions {
  rate: number;
  connections: number;
  /** Seconds. */
  duration: number;
}

const WARM_UP_REQUESTS = 20;
const ONE_AT_A_TIME_SAMPLES = 200;

/** One GET over `agent`, read to its end: its time in ms from sending to the last byte (200 only). */
function timedGet(url: string, headers: Record<string, string>, agent: Agent) {
  return new Promise<number>((resolve, reject) => {
    const sentAt = performance.now();
    const request = httpRequest(url, { headers, agent }, (response) => {
      response.on('data', () => {});
      response.on('end', () =>
        response.statusCode === 200
          ? resolve(performance.now() - sentAt)
          : reject(new Error(`status ${response.statusCode}`)),
      );
      response.on('error', reject);
    });
    request.on('error', reject);
    request.end();
  });
}

/** The p50 of a call sent again as soon as its last answer is in, over one kept-alive connection. */
export async function oneAtATimeP50(url: string, headers: Record<string, string>) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    for (let i = 0; i < WARM_UP_REQUESTS; i++) await timedGet(url, headers, agent);
    const times: number[] = [];
    for (let i = 0; i < ONE_AT_A_TIME_SAMPLES; i++) times.push(await timedGet(url, headers, agent));
    times.sort((a, b) => a - b);
    return percentile(times, 50);
  } finally {
    agent.destroy();
  }
}

/** Runs `rate` GETs a second for `duration` seconds; latencies in ms from sending to the answer's last byte. */
export async function pacedLoad(
  url: string,
  headers: Record<string, string>,
  { rate, connections, duration }: PacedLoadOptions,
): Promise<PacedFigures> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const total = Math.round(rate * duration);
  const latencies: number[] = [];
  const failures: string[] = [];
  const send = () =>
    timedGet(url, headers, agent).then(
      (ms) => {
        latencies.push(ms);
      },
      (error: Error) => {
        failures.push(error.message);
      },
    );

  const inFlight: Promise<void>[] = [];
  const startedAt = performance.now();
  try {
    let sent = 0;
    while (sent < total) {
      const due = Math.min(total, Math.floor(((performance.now() - startedAt) * rate) / 1000) + 1);
      while (sent < due) {
        inFlight.push(send());
        sent += 1;
      }
      // The next request's time (timers fire a little late; the loop then sends all that are due).
      const nextAt = startedAt + (sent * 1000) / rate;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, nextAt - performance.now())));
    }
    await Promise.all(inFlight);
  } finally {
    agent.destroy();
  }
  if (failures.length) {
    throw new Error(`${url}: ${failures.length} of ${total} failed under load (${failures[0]})`);
  }
  const elapsed = (performance.now() - startedAt) / 1000;
  latencies.sort((a, b) => a - b);
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    perSecond: latencies.length / elapsed,
    requests: latencies.length,
  };
}

// How the bench measures a row against the running bench server (decision record 0022): saturating
// with autocannon, paced as users load a server, and what the server process spent meanwhile.
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';

/**
 * How a row loads the server: every connection flat out, users each about once a second, or (the
 * sign-in rows) one client at a time, back to back.
 */
export type Load = 'saturating' | 'paced' | 'sequential';

export interface Row {
  engine: string;
  endpoint: string;
  load: Load;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  /** The server process's CPU time (user + system) per request or sign-in, in ms. */
  cpuMs: number;
}

/** The server's event-loop delay (ms) between a start and a stop; undefined when no server runs. */
export interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}
export type LoopDelayOf = <T>(work: () => Promise<T>) => Promise<{ result: T; loop: LoopDelay | undefined }>;

export function percentile(sorted: number[], p: number) {
  return sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

export function rowOf(
  engine: string,
  endpoint: string,
  latencies: number[],
  perSecond: number,
  errors: number,
  load: Load = 'saturating',
  cpuMs = NaN,
  operations = latencies.length,
): Row {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    engine,
    endpoint,
    load,
    rps: Math.round(perSecond),
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    errors,
    cpuMs: operations > 0 ? cpuMs / operations : NaN,
  };
}

export interface PacedRequest {
  path: string;
  method?: 'GET' | 'POST';
  headers: Record<string, string>;
  body?: string;
}

/** Runs `measure` while `write` is made once a second (each after the last is answered). */
export async function whileWriting<T>(write: () => Promise<void>, measure: () => Promise<T>): Promise<T> {
  let writing = true;
  const loop = (async () => {
    while (writing) {
      await write();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  })();
  try {
    return await measure();
  } finally {
    writing = false;
    await loop;
  }
}

/**
 * The `/healthz` prober: each request after the last answer and a 20 ms pause, on a thread of its
 * own. The sign-in loops keep this process's event loop busy, and how late that came round is no
 * part of the server's answer time. Plain JavaScript, run as it is (no TypeScript loader).
 */
const HEALTH_PROBER = String.raw`
const { parentPort, workerData } = require('node:worker_threads');
let running = true;
const latencies = [];
parentPort.once('message', () => { running = false; });
(async () => {
  // One answer unrecorded first: the thread's first request also starts its HTTP client.
  await (await fetch(workerData.url)).arrayBuffer();
  while (running) {
    const sent = performance.now();
    const response = await fetch(workerData.url);
    await response.arrayBuffer();
    latencies.push(performance.now() - sent);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  parentPort.postMessage(latencies);
})();
`;

/** The running bench server, as the measures see it. */
export interface MeasuredServer {
  engine: string;
  /** The server's address, `http://127.0.0.1:<port>`. */
  url: string;
  connections: number;
  /** Seconds per row. */
  duration: number;
  /** The server's CPU time so far, in ms (user + system). */
  cpuMs: () => Promise<number>;
  /** Runs `work` with the server's event loop sampled meanwhile. */
  loopDelay: LoopDelayOf;
}

/** The measures of one engine's rows, against its running server. */
export function measuresOf(server: MeasuredServer) {
  const { engine, url, connections, duration } = server;

  /** Runs `work` and answers its result with the server's CPU time spent meanwhile. */
  async function withServerCpu<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number }> {
    const before = await server.cpuMs();
    const result = await work();
    return { result, cpuMs: (await server.cpuMs()) - before };
  }

  async function measure(endpoint: string, options: autocannon.Options): Promise<Row> {
    const latencies: number[] = [];
    let errors = 0;
    const { result, cpuMs } = await withServerCpu(
      () =>
        new Promise<autocannon.Result>((resolve, reject) => {
          const instance = autocannon({ connections, duration, ...options }, (error: Error | null, done) =>
            error ? reject(error) : resolve(done),
          );
          instance.on('response', (_client, statusCode, _bytes, responseTime) => {
            latencies.push(responseTime);
            if (statusCode >= 400) errors++;
          });
        }),
    );
    await settle();
    return rowOf(
      engine,
      endpoint,
      latencies,
      result.requests.average,
      errors + result.errors + result.timeouts,
      'saturating',
      cpuMs,
    );
  }

  /**
   * `connections` users, each sending a request, reading the answer, then waiting half a second to
   * a second and a half (one a second on average) before the next, starting at random moments of
   * the first second: the budget's 50 concurrent users, as people arrive (autocannon's rate option
   * would send every connection's request in the same instant). `next` gives each request; it
   * answers undefined when there is nothing left to send.
   */
  async function measurePaced(endpoint: string, next: () => PacedRequest | undefined): Promise<Row> {
    const latencies: number[] = [];
    let errors = 0;
    const deadline = performance.now() + duration * 1000;
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    const started = performance.now();
    const cpuBefore = await server.cpuMs();
    await Promise.all(
      Array.from({ length: connections }, async () => {
        await pause(Math.random() * 1000);
        for (let request = next(); request && performance.now() < deadline; request = next()) {
          const sent = performance.now();
          try {
            const response = await fetch(`${url}${request.path}`, {
              method: request.method ?? 'GET',
              headers: request.headers,
              body: request.body,
            });
            await response.arrayBuffer();
            latencies.push(performance.now() - sent);
            if (response.status >= 400) errors++;
          } catch {
            errors++;
          }
          await pause(500 + Math.random() * 1000);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpuMs = (await server.cpuMs()) - cpuBefore;
    await settle();
    return rowOf(engine, endpoint, latencies, latencies.length / seconds, errors, 'paced', cpuMs);
  }

  /** A row twice: saturating, then paced (the budget's 50 users, each about once a second). */
  async function measureBoth(endpoint: string, path: string, headers: Record<string, string>) {
    return [
      await measure(endpoint, { url: `${url}${path}`, headers }),
      await measurePaced(endpoint, () => ({ path, headers })),
    ];
  }

  /**
   * `/healthz` asked by one client about 40 times a second until `done` settles: how responsive the
   * server stays beside other load (about 200 answers in a 5 s row, so p99 is not just the slowest).
   */
  async function probeHealth<T>(done: Promise<T>): Promise<{ result: T; latencies: number[] }> {
    const prober = new Worker(HEALTH_PROBER, { eval: true, workerData: { url: `${url}/healthz` } });
    // Its latencies when told to stop; rejected should the thread fail (awaited below).
    const answered = once(prober, 'message') as Promise<[number[]]>;
    answered.catch(() => undefined);
    try {
      const result = await done;
      prober.postMessage('stop');
      const [latencies] = await answered;
      return { result, latencies };
    } finally {
      void prober.terminate();
    }
  }

  /**
   * Waits for the requests a row left in the server when its time ran out (autocannon stops
   * sending, the server still answers them), so that they do not slow the next row down. Database
   * queries wait in line on either engine, so the readiness check (one query) is quick again only
   * when the line is through: two quick ones in a row, or a minute at most.
   */
  async function settle() {
    const deadline = Date.now() + 60_000;
    for (let quick = 0; quick < 2 && Date.now() < deadline;) {
      const started = performance.now();
      await fetch(`${url}/readyz`);
      quick = performance.now() - started < 50 ? quick + 1 : 0;
    }
  }

  return { measure, measurePaced, measureBoth, withServerCpu, probeHealth, settle, loopDelay: server.loopDelay };
}

export type Measures = ReturnType<typeof measuresOf>;

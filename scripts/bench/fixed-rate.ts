import { Agent, request } from 'node:http';

export interface FixedRateRequest {
  url: string;
  method: string;
  headers: Record<string, string>;
  body: string;
}

export interface FixedRateResult {
  /** Milliseconds from each request's due instant to the end of its answer, sorted; past the warm-up. */
  latencies: number[];
  /** The same, of the requests due during the warm-up. */
  warmupLatencies: number[];
  /** Answers other than 2xx, and requests that got no answer. */
  failed: number;
  /** How many of the failures had each status (or error text, for no answer). */
  failures: Record<string, number>;
  /** Requests the scheduler itself started more than 5 ms after they were due (a busy load tool). */
  startedLate: number;
  seconds: number;
}

/**
 * Sends `rate` requests a second for `seconds`, request i due at start + i/rate, however long
 * the answers take: an even load, not autocannon's bursts of `connections` requests the moment
 * the previous ones answer. A latency counts from the instant the request was due, not from
 * when it got a socket or was started, so a server that stalls is charged for the requests
 * that piled up behind the stall (no coordinated omission).
 */
export async function fixedRate(
  target: FixedRateRequest,
  rate: number,
  seconds: number,
  maxSockets: number,
  /**
   * The local addresses requests leave from, in turn (127.0.0.2, 127.0.0.3, … are all the
   * loopback interface on Linux), so the server sees that many clients; one socket pool each.
   */
  localAddresses: readonly string[] = ['127.0.0.1'],
  /**
   * Seconds at the same rate before `seconds`, on the same connections, whose latencies are
   * kept apart: the first requests also open the connections, and the server's first of a
   * kind prepares statements and compiles code.
   */
  warmupSeconds = 0,
): Promise<FixedRateResult> {
  const agents = localAddresses.map(
    (localAddress) => new Agent({ keepAlive: true, maxSockets: Math.max(2, Math.ceil(maxSockets / localAddresses.length)), localAddress }),
  );
  const warmup = Math.round(rate * warmupSeconds);
  const total = warmup + Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies: number[] = [];
  const warmupLatencies: number[] = [];
  let failed = 0;
  const failures: Record<string, number> = {};
  const fail = (why: string) => {
    failed++;
    failures[why] = (failures[why] ?? 0) + 1;
  };
  let startedLate = 0;
  const inFlight: Promise<void>[] = [];
  const start = performance.now() + 50;
  try {
    for (let i = 0; i < total; i++) {
      const due = start + i * interval;
      const wait = due - performance.now();
      // No busy wait for the last millisecond a timer cannot resolve: it would take CPU from the
      // server on the same machine, and the lateness is counted in the latency anyway.
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      if (performance.now() - due > 5) startedLate++;
      const into = i < warmup ? warmupLatencies : latencies;
      inFlight.push(
        send(target, agents[i % agents.length]!).then(
          (status) => {
            into.push(performance.now() - due);
            if (status < 200 || status >= 300) fail(String(status));
          },
          (error: Error) => {
            into.push(performance.now() - due);
            fail(error.message);
          },
        ),
      );
    }
    await Promise.all(inFlight);
  } finally {
    for (const agent of agents) agent.destroy();
  }
  return { latencies: latencies.sort((a, b) => a - b), warmupLatencies: warmupLatencies.sort((a, b) => a - b), failed, failures, startedLate, seconds };
}

/** The value below which `fraction` of the sorted `values` lie (nearest rank). */
export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return Number.NaN;
  return values[Math.min(values.length - 1, Math.max(0, Math.ceil(fraction * values.length) - 1))]!;
}

/** The answer's status, once its body has arrived. */
function send(target: FixedRateRequest, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(
      target.url,
      { method: target.method, headers: { ...target.headers, 'content-length': Buffer.byteLength(target.body) }, agent },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
        res.on('error', reject);
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(target.body);
  });
}

// Ingestion: logs/s sustained for 20 s over HTTP (gzip batches of 100, 10 connections, autocannon
// in its own process), then the lag from a 200 to the log being queryable (p50, p99) under load.
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, ms, percentile, sleep, startServer, tempDir } from './support.mjs';

const DURATION_S = Number(process.env.BENCH_INGEST_SECONDS ?? 20);
const BATCH = 100;
const LEVELS = ['debug', 'info', 'info', 'info', 'warn', 'error'];

/** One gzip body of 100 realistic logs (tags, context, trace, session). */
export const batch = (projectId) =>
  gzipSync(
    JSON.stringify({
      projectId,
      logs: Array.from({ length: BATCH }, (_, i) => ({
        bucket: `bucket-${i % 8}`,
        level: LEVELS[i % LEVELS.length],
        message: `GET /api/orders/${1000 + i} answered 200 in ${i % 97} ms for customer c-${i * 7}`,
        tags: { env: 'prod', region: ['eu', 'us', 'ap'][i % 3], host: `web-${i % 5}` },
        context: { path: `/api/orders/${1000 + i}`, status: 200 },
        traceId: `trace-${i % 10}`,
        sessionId: `session-${i % 20}`,
      })),
    }),
  );

/** Runs bench/load.mjs (autocannon) in its own process; resolves with its JSON result. */
export function autocannon(url, bodyFile, seconds, requestsPerSecond, shape = 'paced', env = {}) {
  return new Promise((done, fail) => {
    const args = [join(ROOT, 'bench/load.mjs'), `${url}/logs`, bodyFile, String(seconds), ...(requestsPerSecond ? [String(requestsPerSecond), shape] : [])];
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`autocannon exited ${code}`))));
  });
}

async function health(url) {
  return (await fetch(`${url}/health`)).json();
}

/**
 * Probes, each a one-log request to its own project, timed from its 200 until a page shows it;
 * sent one after another for 20 s while the load runs (22 s).
 */
export async function measureLag(url, bodyFile, shape) {
  const load = autocannon(url, bodyFile, 22, 100, shape);
  await sleep(1000);
  const lags = [];
  const end = performance.now() + 20_000;
  for (let i = 0; performance.now() < end; i++) {
    const projectId = `lag-${shape}-${i}`;
    const response = await fetch(`${url}/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ projectId, logs: [{ bucket: 'lag', level: 'info', message: `probe ${i}` }] }),
    });
    const acknowledged = performance.now();
    if (response.status !== 200) throw new Error(`probe answered ${response.status}`);
    for (;;) {
      const page = await (await fetch(`${url}/api/logs?projectId=${projectId}&limit=1`)).json();
      if (page.count > 0) break;
      await sleep(1);
    }
    lags.push(performance.now() - acknowledged);
    await sleep(20);
  }
  await load;
  return lags;
}

/** Logs/s stored over DURATION_S of autocannon at full speed, until the queue is empty again. */
async function sustained(url, bodyFile, label, env = {}) {
  const started = Date.now();
  const result = await autocannon(url, bodyFile, DURATION_S, undefined, undefined, env);
  const accepted = result['2xx'] * BATCH;
  // Sustained means stored, not only accepted: wait for the queue to empty.
  while ((await health(url)).queue.pending > 0) await sleep(50);
  const seconds = (Date.now() - started) / 1000;
  console.log(`${label}: ${Math.round(accepted / seconds).toLocaleString('en')} logs/s stored ` +
    `(${accepted.toLocaleString('en')} logs in ${seconds.toFixed(1)} s; HTTP ${Math.round(result.requests.average * BATCH).toLocaleString('en')} logs/s accepted, ` +
    `${result.non2xx} non-2xx, latency p99 ${result.latency.p99} ms)`);
}

export async function benchIngestion() {
  const dir = tempDir('logdesk-bench-ingest-');
  const bodyFile = join(dir, 'batch.json.gz');
  writeFileSync(bodyFile, batch('bench'));
  // The SDK gives every log an eventId, which the server checks for duplicates and indexes: measured
  // apart, on a server and database of its own.
  const sdkServer = await startServer(tempDir('logdesk-bench-ingest-ids-'));
  try {
    await sustained(sdkServer.url, bodyFile, 'ingestion, a fresh eventId on every log (as the SDK sends)', { BENCH_EVENT_IDS: '1' });
  } finally {
    await sdkServer.stop();
  }
  const server = await startServer(dir);
  try {
    await sustained(server.url, bodyFile, 'ingestion');

    // Lag under 10,000 logs/s of background load: spread evenly (paced), then as autocannon's rate
    // limit sends it, one burst of 10,000 logs at the start of every second.
    for (const shape of ['paced', 'burst']) {
      const lags = await measureLag(server.url, bodyFile, shape);
      console.log(`lag 200 -> queryable under 10,000 logs/s (${shape === 'paced' ? 'steady' : 'one burst a second'}): ` +
        `p50 ${ms(percentile(lags, 50))}, p99 ${ms(percentile(lags, 99))}`);
    }
  } finally {
    await server.stop();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchIngestion();

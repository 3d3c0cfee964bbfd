// Query latency on a generated database of 1,000,000 logs: p50/p95 of each query kind over HTTP.
// The database is written through the server's own SqliteWriter (the real write path, minus HTTP).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ROOT, ms, percentile, startServer, tempDir } from './support.mjs';

const require = createRequire(import.meta.url);
const dist = (path) => require(join(ROOT, 'dist/apps/api/apps/api/src', path));

const TOTAL = Number(process.env.BENCH_LOGS ?? 1_000_000);
const DAY = 86_400_000;
const RUNS = 60;
const LEVELS = [...Array(20).fill('debug'), ...Array(60).fill('info'), ...Array(12).fill('warn'), ...Array(7).fill('error'), 'fatal'];
const WORDS = ['order', 'payment', 'user', 'cart', 'session', 'token', 'invoice', 'refund', 'shipment', 'search'];

/** A small deterministic PRNG, so every run builds the same database. */
function random(seed) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff);
}

/**
 * The benchmark's logs, deterministic: a day of them, skewed levels, 20 buckets, three tags (one
 * with 2,000 values), a trace on 30%, in chunks of `perChunk` validated records.
 */
export function* syntheticLogs(start, total, perChunk) {
  const rnd = random(42);
  for (let written = 0; written < total; ) {
    const logs = [];
    for (let i = 0; i < perChunk && written < total; i++, written++) {
      const word = WORDS[Math.floor(rnd() * WORDS.length)];
      logs.push({
        bucket: `bucket-${Math.floor(rnd() * 20)}`,
        level: LEVELS[Math.floor(rnd() * LEVELS.length)],
        message: `${word} ${Math.floor(rnd() * 100_000)} handled by worker-${Math.floor(rnd() * 50)} status ${rnd() < 0.05 ? 'FAILED' : 'ok'}`,
        timestamp: start + Math.floor((written / total) * DAY),
        tags: { env: rnd() < 0.8 ? 'prod' : 'staging', region: ['eu', 'us', 'ap', 'sa', 'af'][Math.floor(rnd() * 5)], customer: `c-${Math.floor(rnd() * 2000)}` },
        context: null,
        traceId: rnd() < 0.3 ? `trace-${Math.floor(rnd() * 50_000)}` : null,
        userId: `user-${Math.floor(rnd() * 5000)}`,
        sessionId: null, env: null, appName: null, appVersion: null, eventId: null,
      });
    }
    yield logs;
  }
}

export async function generate(dataDir) {
  const { loadConfig } = dist('config/app-config.js');
  const { createDataSource, dataSourceOptions } = dist('storage/data-source.js');
  const { SqliteWriter } = dist('storage/sqlite/sqlite-writer.js');
  const dataSource = await createDataSource(dataSourceOptions(loadConfig({ LOGDESK_DATA_DIR: dataDir }, [])));
  const writer = new SqliteWriter(dataSource.driver.databaseConnection);
  const start = Date.now() - DAY;
  const started = performance.now();
  let seq = 1;
  for (const logs of syntheticLogs(start, TOTAL, 5_000)) {
    writer.write([{ seq: seq++, projectId: 'bench', receivedAt: Date.now(), logs }], 'bench');
  }
  const seconds = (performance.now() - started) / 1000;
  dataSource.driver.databaseConnection.pragma('optimize');
  await dataSource.destroy();
  console.log(`generated ${TOTAL.toLocaleString('en')} logs in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds).toLocaleString('en')} logs/s through SqliteWriter, 5,000 a transaction)`);
  return start;
}

async function firstTimestamp(dataDir) {
  const Database = require(join(ROOT, 'node_modules/better-sqlite3'));
  const db = new Database(join(dataDir, 'logdesk.sqlite'), { readonly: true });
  const { first } = db.prepare('SELECT min(timestamp) AS first FROM logs').get();
  db.close();
  return first;
}

async function time(url) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

export async function benchQueries() {
  // BENCH_QUERY_DIR reuses a database generated before (its logs end about when it was made).
  const dir = process.env.BENCH_QUERY_DIR ?? tempDir('logdesk-bench-query-');
  const start = process.env.BENCH_QUERY_DIR ? await firstTimestamp(dir) : await generate(dir);
  const server = await startServer(dir);
  try {
    await measureQueries(server.url, start, 'query');
  } finally {
    await server.stop();
  }
}

/** p50/p95 of each query kind against a server holding the synthetic logs (from `start`). */
export async function measureQueries(url, start, label) {
  const api = `${url}/api/logs?projectId=bench`;
  const rnd = random(7);
  const pick = (list) => list[Math.floor(rnd() * list.length)];
  const kinds = {
    'newest page': () => api,
    'level=error': () => `${api}&level=error`,
    'level=fatal (rare)': () => `${api}&level=fatal`,
    'level+bucket': () => `${api}&level=${pick(['warn', 'error'])}&bucket=bucket-${Math.floor(rnd() * 20)}`,
    'tag common (env:prod)': () => `${api}&tags=env:prod`,
    'tag rare (customer)': () => `${api}&tags=customer:c-${Math.floor(rnd() * 2000)}`,
    'trace': () => `${api}&traceId=trace-${Math.floor(rnd() * 50_000)}`,
    'time range 1 h': () => { const since = start + Math.floor(rnd() * 23) * 3_600_000; return `${api}&since=${since}&until=${since + 3_600_000}`; },
    'search common': () => `${api}&search=${pick(WORDS)}`,
    'search rare': () => `${api}&search=${Math.floor(rnd() * 100_000)} handled`,
    'stats 24 h': () => `${url}/api/logs/stats?projectId=bench`,
    'stats level=error': () => `${url}/api/logs/stats?projectId=bench&level=error`,
  };
  // Warm the server's code paths (JIT) on every kind first: the figures are steady-state ones.
  for (let round = 0; round < 3; round++) for (const next of Object.values(kinds)) await time(next());
  for (const [name, next] of Object.entries(kinds)) {
    await time(next()); // warm the page cache for this shape
    const runs = name.startsWith('stats') ? 10 : RUNS;
    const times = [];
    for (let i = 0; i < runs; i++) times.push(await time(next()));
    console.log(`${label} ${name.padEnd(24)} p50 ${ms(percentile(times, 50)).padStart(9)}  p95 ${ms(percentile(times, 95)).padStart(9)}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchQueries();

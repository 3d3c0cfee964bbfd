// PostgreSQL: ingestion logs/s with one and with two instances sharing a database (HTTP, gzip
// batches of 100, autocannon in its own process per instance), then query p50/p95 on 1,000,000
// generated logs written through the server's own PostgresWriter. Prints figures; asserts nothing.
// Needs a build and a PostgreSQL (LOGDESK_BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test);
// each part runs in its own schema, dropped afterwards.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ROOT, ms, percentile, sleep, startServer, tempDir } from './support.mjs';

const require = createRequire(import.meta.url);
const dist = (path) => require(join(ROOT, 'dist/apps/api/apps/api/src', path));
const pg = require('pg');

const BASE_URL = process.env.LOGDESK_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = Number(process.env.BENCH_INGEST_SECONDS ?? 20);
const TOTAL = Number(process.env.BENCH_LOGS ?? 1_000_000);
const BATCH = 100;
const DAY = 86_400_000;
const RUNS = 60;

// --- schemas --------------------------------------------------------------------------------

async function admin(sql) {
  const client = new pg.Client({ connectionString: BASE_URL });
  await client.connect();
  try {
    return await client.query(sql);
  } finally {
    await client.end();
  }
}

async function withSchema(run) {
  const schema = `bench_${randomBytes(4).toString('hex')}`;
  await admin('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
  await admin(`CREATE SCHEMA ${schema}`);
  const url = `${BASE_URL}${BASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  try {
    return await run(url);
  } finally {
    if (!process.env.BENCH_KEEP) await admin(`DROP SCHEMA ${schema} CASCADE`);
  }
}

// --- ingestion (the body and the load generator of bench/ingestion.mjs) ----------------------

const INGEST_LEVELS = ['debug', 'info', 'info', 'info', 'warn', 'error'];
const batch = (projectId) =>
  gzipSync(
    JSON.stringify({
      projectId,
      logs: Array.from({ length: BATCH }, (_, i) => ({
        bucket: `bucket-${i % 8}`,
        level: INGEST_LEVELS[i % INGEST_LEVELS.length],
        message: `GET /api/orders/${1000 + i} answered 200 in ${i % 97} ms for customer c-${i * 7}`,
        tags: { env: 'prod', region: ['eu', 'us', 'ap'][i % 3], host: `web-${i % 5}` },
        context: { path: `/api/orders/${1000 + i}`, status: 200 },
        traceId: `trace-${i % 10}`,
        sessionId: `session-${i % 20}`,
      })),
    }),
  );

function autocannon(url, bodyFile, seconds) {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [join(ROOT, 'bench/load.mjs'), `${url}/logs`, bodyFile, String(seconds)], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) => (code === 0 ? done(JSON.parse(out)) : fail(new Error(`autocannon exited ${code}`))));
  });
}

const pending = async (url) => (await (await fetch(`${url}/health`)).json()).queue.pending;

async function ingest(instances) {
  return withSchema(async (databaseUrl) => {
    const servers = [];
    // One after the other: the first migrates the empty schema.
    for (let i = 0; i < instances; i++) servers.push(await startServer(tempDir('logdesk-bench-pg-'), { DATABASE_URL: databaseUrl }));
    const bodyFile = join(tempDir('logdesk-bench-pg-body-'), 'batch.json.gz');
    writeFileSync(bodyFile, batch('bench'));
    try {
      const started = Date.now();
      const results = await Promise.all(servers.map((server) => autocannon(server.url, bodyFile, DURATION_S)));
      const accepted = results.reduce((sum, result) => sum + result['2xx'] * BATCH, 0);
      for (const server of servers) while ((await pending(server.url)) > 0) await sleep(50);
      const seconds = (Date.now() - started) / 1000;
      const counted = await (await fetch(`${servers[0].url}/api/logs/stats?projectId=bench&buckets=1`)).json();
      const non2xx = results.reduce((sum, result) => sum + result.non2xx, 0);
      const p99 = Math.max(...results.map((result) => result.latency.p99));
      console.log(
        `postgres ingestion, ${instances} instance${instances > 1 ? 's' : ''}: ${Math.round(accepted / seconds).toLocaleString('en')} logs/s stored ` +
          `(${accepted.toLocaleString('en')} logs in ${seconds.toFixed(1)} s, ${counted.total.toLocaleString('en')} counted; ${non2xx} non-2xx, latency p99 ${p99} ms)`,
      );
    } finally {
      for (const server of servers) await server.stop();
    }
  });
}

// --- queries (the generator and the query kinds of bench/queries.mjs) -------------------------

const LEVELS = [...Array(20).fill('debug'), ...Array(60).fill('info'), ...Array(12).fill('warn'), ...Array(7).fill('error'), 'fatal'];
const WORDS = ['order', 'payment', 'user', 'cart', 'session', 'token', 'invoice', 'refund', 'shipment', 'search'];

function random(seed) {
  let state = seed;
  return () => ((state = (state * 1_103_515_245 + 12_345) & 0x7fffffff) / 0x7fffffff);
}

async function generate(databaseUrl) {
  const { loadConfig } = dist('config/app-config.js');
  const { createDataSource, dataSourceOptions } = dist('storage/data-source.js');
  const { PostgresWriter } = dist('storage/postgres/postgres-writer.js');
  const { poolOf } = dist('storage/postgres/postgres-sql.js');
  const dataSource = await createDataSource(dataSourceOptions(loadConfig({ DATABASE_URL: databaseUrl, LOGDESK_DATA_DIR: tempDir('logdesk-bench-pg-') }, [])));
  const writer = new PostgresWriter(poolOf(dataSource));
  const rnd = random(42);
  const start = Date.now() - DAY;
  const started = performance.now();
  const PER_TX = 5_000;
  for (let written = 0, seq = 1; written < TOTAL; seq++) {
    const logs = [];
    for (let i = 0; i < PER_TX && written < TOTAL; i++, written++) {
      const word = WORDS[Math.floor(rnd() * WORDS.length)];
      logs.push({
        bucket: `bucket-${Math.floor(rnd() * 20)}`,
        level: LEVELS[Math.floor(rnd() * LEVELS.length)],
        message: `${word} ${Math.floor(rnd() * 100_000)} handled by worker-${Math.floor(rnd() * 50)} status ${rnd() < 0.05 ? 'FAILED' : 'ok'}`,
        timestamp: start + Math.floor((written / TOTAL) * DAY),
        tags: { env: rnd() < 0.8 ? 'prod' : 'staging', region: ['eu', 'us', 'ap', 'sa', 'af'][Math.floor(rnd() * 5)], customer: `c-${Math.floor(rnd() * 2000)}` },
        context: null,
        traceId: rnd() < 0.3 ? `trace-${Math.floor(rnd() * 50_000)}` : null,
        userId: `user-${Math.floor(rnd() * 5000)}`,
        sessionId: null, env: null, appName: null, appVersion: null, eventId: null,
      });
    }
    await writer.write([{ seq, projectId: 'bench', receivedAt: Date.now(), logs }], 'bench');
  }
  const seconds = (performance.now() - started) / 1000;
  // What autovacuum does on its own after a bulk load: statistics and the visibility map (index-only scans).
  const analyzed = performance.now();
  await dataSource.query('VACUUM ANALYZE');
  await dataSource.destroy();
  console.log(
    `postgres: generated ${TOTAL.toLocaleString('en')} logs in ${seconds.toFixed(1)} s ` +
      `(${Math.round(TOTAL / seconds).toLocaleString('en')} logs/s through PostgresWriter, 5,000 a transaction; VACUUM ANALYZE ${((performance.now() - analyzed) / 1000).toFixed(1)} s)`,
  );
  return start;
}

async function time(url) {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - started;
}

async function queries() {
  return withSchema(async (databaseUrl) => {
    const start = await generate(databaseUrl);
    const server = await startServer(tempDir('logdesk-bench-pg-'), { DATABASE_URL: databaseUrl });
    const api = `${server.url}/api/logs?projectId=bench`;
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
      'stats 24 h': () => `${server.url}/api/logs/stats?projectId=bench`,
      'stats level=error': () => `${server.url}/api/logs/stats?projectId=bench&level=error`,
    };
    try {
      for (const [name, url] of Object.entries(kinds)) {
        await time(url());
        const runs = name.startsWith('stats') ? 10 : RUNS;
        const times = [];
        for (let i = 0; i < runs; i++) times.push(await time(url()));
        console.log(`postgres query ${name.padEnd(24)} p50 ${ms(percentile(times, 50)).padStart(9)}  p95 ${ms(percentile(times, 95)).padStart(9)}`);
      }
    } finally {
      await server.stop();
    }
  });
}

const only = process.argv[2];
console.log(`Logdesk on PostgreSQL: ${(await import('node:os')).cpus().length} cores, Node ${process.version}, ${(await admin('SELECT version()')).rows[0].version.split(' on ')[0]}`);
if (!only || only === 'ingestion') {
  await ingest(1);
  await ingest(2);
}
if (!only || only === 'queries') await queries();

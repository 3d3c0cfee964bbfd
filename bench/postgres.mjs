// PostgreSQL: ingestion logs/s with one and with two instances sharing a database (HTTP, gzip
// batches of 100, autocannon in its own process per instance), then query p50/p95 on 1,000,000
// generated logs written through the server's own PostgresWriter. Prints figures; asserts nothing.
// Needs a build and a PostgreSQL (LOGDESK_BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test);
// each part runs in its own schema, dropped afterwards.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { autocannon, batch } from './ingestion.mjs';
import { measureQueries, syntheticLogs } from './queries.mjs';
import { ROOT, sleep, startServer, tempDir } from './support.mjs';

const require = createRequire(import.meta.url);
const dist = (path) => require(join(ROOT, 'dist/apps/api/apps/api/src', path));
const pg = require('pg');

const BASE_URL = process.env.LOGDESK_BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const DURATION_S = Number(process.env.BENCH_INGEST_SECONDS ?? 20);
const TOTAL = Number(process.env.BENCH_LOGS ?? 1_000_000);
const BATCH = 100;
const DAY = 86_400_000;

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

async function generate(databaseUrl) {
  const { loadConfig } = dist('config/app-config.js');
  const { createDataSource, dataSourceOptions } = dist('storage/data-source.js');
  const { PostgresWriter } = dist('storage/postgres/postgres-writer.js');
  const { poolOf } = dist('storage/postgres/postgres-sql.js');
  const dataSource = await createDataSource(dataSourceOptions(loadConfig({ DATABASE_URL: databaseUrl, LOGDESK_DATA_DIR: tempDir('logdesk-bench-pg-') }, [])));
  const writer = new PostgresWriter(poolOf(dataSource));
  const start = Date.now() - DAY;
  const started = performance.now();
  let seq = 1;
  for (const logs of syntheticLogs(start, TOTAL, 5_000)) {
    await writer.write([{ seq: seq++, projectId: 'bench', receivedAt: Date.now(), logs }], 'bench');
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

async function queries() {
  return withSchema(async (databaseUrl) => {
    const start = await generate(databaseUrl);
    const server = await startServer(tempDir('logdesk-bench-pg-'), { DATABASE_URL: databaseUrl });
    try {
      await measureQueries(server.url, start, 'postgres query');
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

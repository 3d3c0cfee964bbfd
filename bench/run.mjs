// npm run bench: prints figures; asserts nothing. Needs a build (npm run build; the dashboard bench
// needs the web build too). `node bench/run.mjs ingestion|queries|live|postgres|dashboard` runs one of them.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ROOT, SERVER_ENTRY } from './support.mjs';
import { benchIngestion } from './ingestion.mjs';
import { benchQueries } from './queries.mjs';
import { benchDashboard } from './dashboard.mjs';

if (!existsSync(SERVER_ENTRY)) {
  console.error('Build first: npm run build');
  process.exit(1);
}
const only = process.argv[2];
console.log(`Logdesk benchmarks on ${(await import('node:os')).cpus().length} cores, Node ${process.version}`);
if (!only || only === 'ingestion') await benchIngestion();
if (!only || only === 'queries') await benchQueries();
// The live bench runs its clients on a worker thread of its own script, so it runs as a child.
if (!only || only === 'live') spawnSync(process.execPath, ['bench/live.mjs'], { cwd: ROOT, stdio: 'inherit' });
// PostgreSQL (127.0.0.1:5432, database test, or LOGDESK_BENCH_DATABASE_URL): ingestion with 1 and 2 instances, queries.
if (!only || only === 'postgres') spawnSync(process.execPath, ['bench/postgres.mjs'], { cwd: ROOT, stdio: 'inherit' });
if (!only || only === 'dashboard') await benchDashboard();

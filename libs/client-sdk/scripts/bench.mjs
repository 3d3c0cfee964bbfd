// Cost of one info() call while the log is only queued: enrichment, eventId, tag merge, bounds, the context
// snapshot and the queue push. Only the calls are timed; between rounds the queue is flushed to a stub
// fetch (untimed), as batching would do. Target: under 2 µs a call.
// Run: node libs/client-sdk/scripts/bench.mjs (after the build)
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const sdk = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const { createServiceClient } = await import(pathToFileURL(join(sdk, 'dist/index.mjs')).href);

const CALLS_PER_ROUND = 1000;
const ROUNDS = 300;
const TARGET_NS = 2000;

const client = createServiceClient({
  projectId: 'bench',
  apiKey: 'local',
  mode: 'local',
  env: 'bench',
  appName: 'bench',
  appVersion: '1.0.0',
  defaultTags: { region: 'eu', service: 'checkout' },
  // Sends happen only when the bench flushes, never inside a timed round.
  batchSize: Number.MAX_SAFE_INTEGER,
  flushInterval: 3_600_000,
  isDebug: true,
  fetch: async () => ({ status: 200, headers: { get: () => null }, text: async () => '' }),
});
client.setUser({ id: 'user-42' });
client.setSessionId('session-7');

const sample = (i) => ({
  bucket: 'bench',
  message: `request ${i} done`,
  tags: { region: 'eu', service: 'checkout', route: '/cart', status: '200' },
  context: { durationMs: i % 1000, user: { plan: 'pro', items: [1, 2, 3] } },
  traceId: 'trace-1',
  userId: 'user-42',
  sessionId: 'session-7',
});

const scenarios = {
  // Not the SDK: the least any logger does with such a log, to read the figures against this machine's speed.
  'baseline: JSON.stringify of the log': (i) => JSON.stringify(sample(i)),
  'message only': (i) => client.info({ bucket: 'bench', message: `request ${i} done` }),
  'tags + small context': (i) =>
    client.info({
      bucket: 'bench',
      message: `request ${i} done`,
      tags: { route: '/cart', status: '200' },
      context: { durationMs: i % 1000, user: { plan: 'pro', items: [1, 2, 3] } },
      traceId: 'trace-1',
    }),
};

async function measure(call, rounds) {
  const perRound = [];
  for (let round = 0; round < rounds; round++) {
    const start = process.hrtime.bigint();
    for (let i = 0; i < CALLS_PER_ROUND; i++) call(i);
    perRound.push(Number(process.hrtime.bigint() - start) / CALLS_PER_ROUND);
    await client.flush();
  }
  return perRound.sort((a, b) => a - b);
}

const results = [];
for (const [name, call] of Object.entries(scenarios)) {
  await measure(call, 30); // warm-up: let the JIT settle
  const perRound = await measure(call, ROUNDS);
  const mean = perRound.reduce((sum, ns) => sum + ns, 0) / perRound.length;
  results.push({
    scenario: name,
    'mean ns/call': Math.round(mean),
    'median ns/call': Math.round(perRound[perRound.length >> 1]),
    'p90 ns/call': Math.round(perRound[Math.floor(perRound.length * 0.9)]),
  });
}
console.table(results);
console.log(
  `node ${process.version}; ${ROUNDS} rounds of ${CALLS_PER_ROUND} calls per scenario; target < ${TARGET_NS} ns per call`,
);
await client.destroy();

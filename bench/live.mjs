#!/usr/bin/env node
// Live stream benchmark: POST /logs at a steady rate with and without 10 subscribed Socket.IO
// clients, and the delay from each POST's 200 to the `logs` event at every client.
//
//   npx nest build api && node bench/live.mjs [--rate 10000] [--seconds 10] [--clients 10]
//
// Starts the built server (dist/apps/api/apps/api/src/main.js) on a free port with a temp data dir.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { io } from 'socket.io-client';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist/apps/api/apps/api/src/main.js');
const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? Number(process.argv[at + 1]) : fallback;
};
const RATE = arg('rate', 10_000);
const SECONDS = arg('seconds', 10);
const CLIENTS = arg('clients', 10);
const BATCH = 100;
const CONCURRENCY = 4;

const sleep = (ms) => new Promise((done) => setTimeout(done, ms));
/** Wall-clock ms with sub-ms precision, comparable between the main thread and the client worker. */
const now = () => performance.timeOrigin + performance.now();

async function startServer() {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npx nest build api\` first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'logdesk-bench-'));
  const child = spawn(process.execPath, [entry, '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', LOGDESK_API_KEYS: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const port = await new Promise((done, fail) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Logdesk listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) done(Number(match[1]));
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => fail(new Error(`server exited with ${code}:\n${output}`)));
  });
  const exited = new Promise((done) => child.once('exit', done));
  return {
    url: `http://localhost:${port}`,
    /** CPU seconds the server used so far (Linux /proc; null elsewhere). */
    cpuSeconds: () => {
      try {
        const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
        return (Number(fields[11]) + Number(fields[12])) / 100;
      } catch {
        return null;
      }
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function pendingLogs(url) {
  const health = await fetch(`${url}/health`).then((response) => response.json());
  return health.queue.pending;
}

/**
 * Offers `rate` logs/s for `seconds` in batches of 100 from a few concurrent senders (a sender
 * that falls behind schedule sends at once, so a slow server shows as a lower achieved rate).
 * `rate` Infinity sends as fast as the server answers.
 */
async function load(server, projectId, rate, seconds, onAnswered) {
  const url = server.url;
  const cpuBefore = server.cpuSeconds();
  const interval = Number.isFinite(rate) ? (1000 * BATCH) / rate : 0;
  const total = Number.isFinite(rate) ? Math.round((rate * seconds) / BATCH) : Infinity;
  const started = now();
  // Paced runs send their whole schedule (with some slack if the server falls behind); unpaced ones stop on time.
  const stopAt = started + seconds * 1000 + (Number.isFinite(rate) ? 2_000 : 0);
  let next = 0;
  let answered = 0;
  let refused = 0;
  const sender = async () => {
    for (;;) {
      const batch = next++;
      if (batch >= total || now() > stopAt) return;
      const due = started + batch * interval;
      if (due > now()) await sleep(due - now());
      const sentAt = Date.now();
      const logs = Array.from({ length: BATCH }, (_, i) => ({
        bucket: 'bench',
        level: i % 10 === 0 ? 'warn' : 'info',
        message: `bench log ${batch}-${i}`,
        timestamp: sentAt,
        tags: { shard: String(i % 4) },
        context: { batch, sentAt },
      }));
      const response = await fetch(`${url}/logs`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ projectId, logs }),
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        answered += BATCH;
        onAnswered?.(batch, now());
      } else refused += BATCH;
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, sender));
  const sendSeconds = (now() - started) / 1000;
  // Accepted is not stored: wait for the background writer to catch up.
  while ((await pendingLogs(url)) > 0) await sleep(20);
  const storedSeconds = (now() - started) / 1000;
  const cpu = cpuBefore === null ? null : server.cpuSeconds() - cpuBefore;
  return {
    answered,
    refused,
    sendSeconds,
    storedSeconds,
    acceptedRate: answered / sendSeconds,
    storedRate: answered / storedSeconds,
    cpu,
  };
}

/**
 * The clients run in a worker thread so that decoding ten copies of the stream does not stall the
 * load generator's own timers (the server still competes with both for the CPUs).
 */
async function clientsWorker({ url, projectId, count }) {
  const clients = [];
  for (let n = 0; n < count; n++) {
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false });
    await new Promise((done, fail) => {
      socket.once('connect', done);
      socket.once('connect_error', fail);
    });
    const client = { socket, arrivals: new Map(), logs: 0, lagged: 0 };
    socket.on('logs', (event) => {
      const at = now();
      for (const log of event.logs) {
        client.logs++;
        if (!client.arrivals.has(log.context.batch)) client.arrivals.set(log.context.batch, at);
      }
    });
    socket.on('lagged', (event) => (client.lagged += event.skipped));
    const ack = await socket.timeout(5_000).emitWithAck('subscribe', { projectId });
    if (!ack.ok) throw new Error(`subscribe failed: ${ack.error}`);
    clients.push(client);
  }
  // How long the clients' own thread was blocked: delay that is the clients', not the server's.
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const utilisation = performance.eventLoopUtilization();
  parentPort.postMessage({ type: 'ready' });
  parentPort.on('message', (message) => {
    if (message.type === 'progress') {
      parentPort.postMessage({ type: 'progress', done: clients.map((client) => client.logs + client.lagged) });
    } else if (message.type === 'report') {
      for (const client of clients) client.socket.close();
      loopDelay.disable();
      parentPort.postMessage({
        type: 'report',
        loopDelayMs: { p99: loopDelay.percentile(99) / 1e6, max: loopDelay.max / 1e6 },
        busy: performance.eventLoopUtilization(utilisation).utilization,
        clients: clients.map((client) => ({
          logs: client.logs,
          lagged: client.lagged,
          arrivals: [...client.arrivals],
        })),
      });
    }
  });
}

async function startClients(url, projectId, count) {
  const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { url, projectId, count } });
  const replies = [];
  worker.on('message', (message) => replies.push(message));
  worker.on('error', (error) => replies.push({ type: 'error', error }));
  const next = async (type) => {
    for (;;) {
      const at = replies.findIndex((reply) => reply.type === type || reply.type === 'error');
      if (at >= 0) {
        const [reply] = replies.splice(at, 1);
        if (reply.type === 'error') throw reply.error;
        return reply;
      }
      await sleep(10);
    }
  };
  await next('ready');
  return {
    progress: async () => (worker.postMessage({ type: 'progress' }), (await next('progress')).done),
    report: async () => {
      worker.postMessage({ type: 'report' });
      const { clients, loopDelayMs, busy } = await next('report');
      await worker.terminate();
      return { clients, loopDelayMs, busy };
    },
  };
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const fmt = (n, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const describe = (label, result) =>
  console.log(
    `${label.padEnd(34)} accepted ${fmt(result.acceptedRate).padStart(7)} logs/s, stored ${fmt(result.storedRate).padStart(7)} logs/s ` +
      `(${fmt(result.answered)} logs, ${fmt(result.sendSeconds, 1)} s sending, ${fmt(result.storedSeconds, 1)} s until stored` +
      `${result.refused ? `, ${fmt(result.refused)} refused` : ''}` +
      `${result.cpu === null ? '' : `; server CPU ${fmt((100 * result.cpu) / result.storedSeconds)}% = ${fmt((1e6 * result.cpu) / result.answered, 1)} µs/log`})`,
  );

async function main() {
  const server = await startServer();
  console.log(
    `Logdesk live bench: ${fmt(RATE)} logs/s offered for ${SECONDS} s, batches of ${BATCH}, ${CONCURRENCY} concurrent senders, ${CLIENTS} clients (${server.url})`,
  );
  try {
    // Warm up (JIT, SQLite pages, the project and its catalogue) outside the measurements.
    await load(server, 'bench-warmup', 5_000, 1);

    const without = await load(server, 'bench-alone', RATE, SECONDS);
    describe('paced, no clients:', without);

    const workers = await startClients(server.url, 'bench-live', CLIENTS);
    const answeredAt = new Map();
    const withClients = await load(server, 'bench-live', RATE, SECONDS, (batch, at) => answeredAt.set(batch, at));
    const expected = withClients.answered;
    const deadline = now() + 30_000;
    while ((await workers.progress()).some((done) => done < expected) && now() < deadline) await sleep(50);
    const { clients, loopDelayMs, busy } = await workers.report();
    describe(`paced, ${CLIENTS} clients:`, withClients);

    const delays = [];
    for (const client of clients) {
      for (const [batch, at] of client.arrivals) if (answeredAt.has(batch)) delays.push(at - answeredAt.get(batch));
    }
    delays.sort((a, b) => a - b);
    const received = clients.reduce((sum, client) => sum + client.logs, 0);
    const lagged = clients.reduce((sum, client) => sum + client.lagged, 0);
    console.log(
      `POST 200 -> logs event at client:  p50 ${fmt(percentile(delays, 50), 1)} ms, p99 ${fmt(percentile(delays, 99), 1)} ms, ` +
        `max ${fmt(delays[delays.length - 1], 1)} ms (${fmt(delays.length)} POST x client samples; ` +
        `${fmt(received)} of ${fmt(expected * CLIENTS)} logs received, ${fmt(lagged)} reported lagged)`,
    );
    console.log(
      `client thread:                     busy ${fmt(100 * busy)}% of the time, event-loop delay p99 ${fmt(loopDelayMs.p99, 1)} ms, max ${fmt(loopDelayMs.max, 1)} ms`,
    );

    // Unpaced: what the fan-out costs the writer at its ceiling.
    const maxWithout = await load(server, 'bench-alone', Infinity, 5);
    describe('unpaced 5 s, no clients:', maxWithout);
    const again = await startClients(server.url, 'bench-live', CLIENTS);
    const maxWith = await load(server, 'bench-live', Infinity, 5);
    describe(`unpaced 5 s, ${CLIENTS} clients:`, maxWith);
    await again.report();
  } finally {
    await server.stop();
  }
}

if (isMainThread) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
} else {
  clientsWorker(workerData).catch((error) => {
    throw error;
  });
}

// Shared helpers for the benchmarks: start the built server, percentiles, tidy output.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(import.meta.dirname, '..');
export const SERVER_ENTRY = join(ROOT, 'dist/apps/api/apps/api/src/main.js');

export const tempDir = (prefix) => mkdtempSync(join(tmpdir(), prefix));

/** Starts the built server on a free port; resolves once it prints its listening line. */
export function startServer(dataDir, env = {}) {
  const child = spawn(process.execPath, [SERVER_ENTRY, '--port', '0', '--data-dir', dataDir], {
    env: { ...process.env, NODE_ENV: 'test', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  return new Promise((done, fail) => {
    child.stdout.on('data', (chunk) => {
      output += chunk;
      const match = /Logdesk listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) done({ url: `http://localhost:${match[1]}`, child, stop: () => stop(child) });
    });
    child.stderr.on('data', (chunk) => (output += chunk));
    child.once('exit', (code) => fail(new Error(`server exited ${code}: ${output}`)));
  });
}

function stop(child) {
  return new Promise((done) => {
    if (child.exitCode !== null) return done();
    child.once('exit', done);
    child.kill('SIGTERM');
  });
}

export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export const ms = (value) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
export const sleep = (time) => new Promise((done) => setTimeout(done, time));

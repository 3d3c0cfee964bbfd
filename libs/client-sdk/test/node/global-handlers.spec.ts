import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startRecorder, type Recorder } from '../support/recorder';

/** The built CommonJS bundle, as a Node app would require it. */
const BUNDLE = resolve(__dirname, '../../dist/index.cjs');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

let recorder: Recorder;
let dir: string;

beforeEach(async () => {
  recorder = await startRecorder();
  dir = mkdtempSync(join(tmpdir(), 'logdesk-sdk-child-'));
});

afterEach(async () => {
  await recorder.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Runs `body` in a fresh Node process with `logdesk` (a client pointed at `endpoint`) in scope. */
function runChild(body: string, endpoint = recorder.url): Promise<Run> {
  const file = join(dir, 'child.cjs');
  writeFileSync(
    file,
    `const { createServiceClient } = require(${JSON.stringify(BUNDLE)});
const logdesk = createServiceClient({ projectId: 'sdk-child', apiKey: 'k', mode: 'local', endpoint: ${JSON.stringify(endpoint)} });
${body}`,
  );
  const started = performance.now();
  const child = spawn(process.execPath, [file], { env: { ...process.env, NODE_ENV: 'production' } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) =>
    child.on('close', (code) => done({ code, stdout, stderr, ms: performance.now() - started })),
  );
}

const globalErrors = (): Record<string, unknown>[] => recorder.logs().filter((log) => log.bucket === 'global_errors');

describe('global error handlers (Node child process, built CJS bundle)', () => {
  it('logs an uncaught exception, flushes, and still exits with code 1 as Node would', async () => {
    const run = await runChild(`
logdesk.attachGlobalErrorHandlers();
logdesk.info({ bucket: 'app', message: 'before the crash' });
setTimeout(() => { throw new TypeError('kaboom'); }, 10);
`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('TypeError: kaboom');
    expect(recorder.logs().map((log) => log.message)).toEqual(['before the crash', 'kaboom']);
    const [crash] = globalErrors();
    expect(crash).toMatchObject({ level: 'error', message: 'kaboom' });
    expect(crash.context).toMatchObject({ name: 'TypeError', source: 'uncaughtException' });
    expect((crash.context as { stack: string }).stack).toContain('TypeError: kaboom');
  });

  it('flushes every attached client before exiting', async () => {
    const run = await runChild(`
const second = createServiceClient({ projectId: 'sdk-child-2', apiKey: 'k', mode: 'local', endpoint: ${JSON.stringify(recorder.url)} });
logdesk.attachGlobalErrorHandlers();
second.attachGlobalErrorHandlers();
setTimeout(() => { throw new Error('seen twice'); }, 10);
`);
    expect(run.code).toBe(1);
    expect(recorder.requests.map((request) => request.body.projectId).sort()).toEqual(['sdk-child', 'sdk-child-2']);
    expect(globalErrors().map((log) => log.message)).toEqual(['seen twice', 'seen twice']);
  });

  it('leaves the process running when the app has its own uncaughtException listener', async () => {
    const run = await runChild(`
logdesk.attachGlobalErrorHandlers();
process.on('uncaughtException', () => console.log('app handled it'));
setTimeout(() => { throw new Error('handled elsewhere'); }, 10);
setTimeout(() => console.log('still running'), 100);
`);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('app handled it');
    expect(run.stdout).toContain('still running');
    expect(globalErrors().map((log) => log.message)).toEqual(['handled elsewhere']);
  });

  it('logs an unhandled rejection and keeps Node’s default exit code 1', async () => {
    const run = await runChild(`
logdesk.attachGlobalErrorHandlers();
Promise.reject(new RangeError('nobody caught me'));
`);
    expect(run.code).toBe(1);
    const [rejection] = globalErrors();
    expect(rejection).toMatchObject({ level: 'error', message: 'nobody caught me' });
    expect(rejection.context).toMatchObject({ name: 'RangeError', source: 'unhandledRejection' });
  });

  it('bounds the flush after a crash at 2 s when the server does not answer', async () => {
    await recorder.close();
    recorder = await startRecorder(() => ({ hang: true }));
    const run = await runChild(`
logdesk.attachGlobalErrorHandlers();
setTimeout(() => { throw new Error('server is stuck'); }, 10);
`);
    expect(run.code).toBe(1);
    expect(run.ms).toBeGreaterThanOrEqual(2000);
    expect(run.ms).toBeLessThan(6000);
    expect(recorder.logs().map((log) => log.message)).toEqual(['server is stuck']);
  });

  it('after detachGlobalErrorHandlers, Node handles the crash alone', async () => {
    const run = await runChild(`
logdesk.attachGlobalErrorHandlers();
logdesk.detachGlobalErrorHandlers();
setTimeout(() => { throw new Error('not ours'); }, 10);
`);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('Error: not ours');
    expect(globalErrors()).toEqual([]);
  });

  it('never keeps the process alive with its timers, and sends what is queued on beforeExit', async () => {
    const run = await runChild(`
logdesk.info({ bucket: 'app', message: 'sent on the way out' });
`);
    expect(run.code).toBe(0);
    // The 5 s flushInterval timer must not hold the process.
    expect(run.ms).toBeLessThan(4000);
    expect(recorder.logs().map((log) => log.message)).toEqual(['sent on the way out']);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createTestSchema, onPostgres } from './postgres';

/** The built server entry (`npm test` builds first). */
export const SERVER_ENTRY = resolve(__dirname, '../../../../dist/apps/api/apps/api/src/main.js');

export interface LogdeskProcess {
  /** `http://localhost:<port>` */
  url: string;
  port: number;
  dataDir: string;
  child: ChildProcess;
  /** Everything the process printed so far. */
  output(): string;
  /** Sends the signal and resolves with the exit code (null when killed by a signal). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface StartOptions {
  /** Reuse a data directory (restart after a crash); a fresh temp dir by default. */
  dataDir?: string;
  /** Extra environment, e.g. `{ LOGDESK_API_KEYS: 'k1' }`. */
  env?: Record<string, string>;
  args?: string[];
  /** 0 (default) lets the OS pick a free port. */
  port?: number;
}

/** What `/health` reports as `storage` in this Jest project. */
export const expectedStorage = (): 'sqlite' | 'postgres' => (onPostgres() ? 'postgres' : 'sqlite');

/** Where a data directory remembers its PostgreSQL schema, so a restart in it finds its logs. */
const DATABASE_URL_FILE = 'test-database-url';

/** Under the api-postgres project: the data directory's schema, created on first use. */
async function databaseUrlFor(dataDir: string): Promise<string> {
  const file = join(dataDir, DATABASE_URL_FILE);
  if (existsSync(file)) return readFileSync(file, 'utf8');
  const url = await createTestSchema();
  writeFileSync(file, url);
  return url;
}

const running = new Set<LogdeskProcess>();

/** Stops every server this spec file started and left running (api-postgres drops their schemas next). */
export async function stopAllLogdesk(): Promise<void> {
  await Promise.all([...running].map((server) => server.stop()));
}

/** A temp directory for one test's data. */
export const tempDataDir = (prefix = 'logdesk-'): string => mkdtempSync(join(tmpdir(), prefix));

/**
 * Starts the real built server in a child process on a free port and waits until it listens.
 * The server prints `Logdesk listening on http://localhost:<port>` once it accepts requests.
 */
export async function startLogdesk(options: StartOptions = {}): Promise<LogdeskProcess> {
  const dataDir = options.dataDir ?? tempDataDir();
  const env: Record<string, string | undefined> = { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', ...options.env };
  // A DATABASE_URL given by the spec wins (several instances sharing one schema).
  if (onPostgres() && !options.env?.DATABASE_URL) env.DATABASE_URL = await databaseUrlFor(dataDir);
  const child = spawn(
    process.execPath,
    [SERVER_ENTRY, '--port', String(options.port ?? 0), '--data-dir', dataDir, ...(options.args ?? [])],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const port = await new Promise<number>((done, fail) => {
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Logdesk listening on http:\/\/[^:]+:(\d+)/.exec(output);
      if (match) done(Number(match[1]));
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    void exited.then((code) => fail(new Error(`Logdesk exited with ${code} before listening:\n${output}`)));
    setTimeout(() => fail(new Error(`Logdesk did not start within 30 s:\n${output}`)), 30_000).unref();
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const server: LogdeskProcess = {
    url: `http://localhost:${port}`,
    port,
    dataDir,
    child,
    output: () => output,
    stop: async (signal: NodeJS.Signals = 'SIGTERM') => {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
  running.add(server);
  void exited.then(() => running.delete(server));
  return server;
}

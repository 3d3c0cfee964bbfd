import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

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

/** A temp directory for one test's data. */
export const tempDataDir = (prefix = 'logdesk-'): string => mkdtempSync(join(tmpdir(), prefix));

/**
 * Starts the real built server in a child process on a free port and waits until it listens.
 * The server prints `Logdesk listening on http://localhost:<port>` once it accepts requests.
 */
export async function startLogdesk(options: StartOptions = {}): Promise<LogdeskProcess> {
  const dataDir = options.dataDir ?? tempDataDir();
  const child = spawn(
    process.execPath,
    [SERVER_ENTRY, '--port', String(options.port ?? 0), '--data-dir', dataDir, ...(options.args ?? [])],
    {
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: '', REDIS_URL: '', ...options.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
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
  });
  return {
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
}

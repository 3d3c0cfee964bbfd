import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { DEFAULT_PORT } from '@logdesk/contracts';

/** Every setting of contract section 1, validated once at start-up. */
export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  apiKeys: string[];
  retentionDays: number | null;
  maxLogs: number | null;
  /** Lower-case host names (no port) accepted in the Host header. */
  allowedHosts: string[];
  /** Logs waiting in memory before `POST /logs` answers 503. */
  queueLimit: number;
  /** Where the built dashboard lives (index.html). */
  webRoot: string;
  /** Where the SDK's browser bundle lives. */
  sdkBundle: string;
}

export const APP_CONFIG = Symbol('APP_CONFIG');

type Source = Record<string, string | undefined>;

const FLAGS: Record<string, string> = {
  '--port': 'PORT',
  '--host': 'HOST',
  '--data-dir': 'LOGDESK_DATA_DIR',
  '--database-url': 'DATABASE_URL',
  '--redis-url': 'REDIS_URL',
  '--api-keys': 'LOGDESK_API_KEYS',
  '--retention-days': 'LOGDESK_RETENTION_DAYS',
  '--max-logs': 'LOGDESK_MAX_LOGS',
  '--allowed-hosts': 'LOGDESK_ALLOWED_HOSTS',
  '--queue-limit': 'LOGDESK_QUEUE_LIMIT',
};

/** CLI flags (`--port 1234` or `--port=1234`) win over environment variables. */
export function readFlags(argv: string[]): Source {
  const out: Source = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const name = FLAGS[flag];
    if (!name) continue;
    out[name] = inline ?? argv[++i];
  }
  return out;
}

const optionalNumber = (name: string, raw: string | undefined, min: number): number | null => {
  if (raw === undefined || raw === '') return null;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number >= ${min}, got "${raw}"`);
  return value;
};

const list = (raw: string | undefined): string[] =>
  (raw ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);

/** Strips brackets and port so `[::1]:17655` and `::1` compare equal. */
export const hostName = (host: string): string => {
  const value = host.trim().toLowerCase();
  if (value.startsWith('[')) return value.slice(1, value.indexOf(']'));
  const colons = value.split(':').length - 1;
  return colons === 1 ? value.slice(0, value.indexOf(':')) : value;
};

/** The repository root: the nearest folder above this file holding `nest-cli.json` (source or dist). */
export function repoRoot(from = __dirname): string {
  let dir = from;
  while (!existsSync(join(dir, 'nest-cli.json'))) {
    const parent = dirname(dir);
    if (parent === dir) return process.cwd();
    dir = parent;
  }
  return dir;
}

export function loadConfig(env: Source = process.env, argv: string[] = process.argv.slice(2)): AppConfig {
  const source = { ...env, ...readFlags(argv) };
  const host = source.HOST || 'localhost';
  const port = optionalNumber('PORT', source.PORT, 0) ?? DEFAULT_PORT;
  const allowed = source.LOGDESK_ALLOWED_HOSTS
    ? list(source.LOGDESK_ALLOWED_HOSTS)
    : ['localhost', '127.0.0.1', '[::1]', host];
  const root = repoRoot();
  return {
    port,
    host,
    dataDir: resolve(source.LOGDESK_DATA_DIR || './data'),
    databaseUrl: source.DATABASE_URL || null,
    redisUrl: source.REDIS_URL || null,
    apiKeys: list(source.LOGDESK_API_KEYS),
    retentionDays: optionalNumber('LOGDESK_RETENTION_DAYS', source.LOGDESK_RETENTION_DAYS, 1),
    maxLogs: optionalNumber('LOGDESK_MAX_LOGS', source.LOGDESK_MAX_LOGS, 1),
    allowedHosts: [...new Set(allowed.map(hostName))],
    queueLimit: optionalNumber('LOGDESK_QUEUE_LIMIT', source.LOGDESK_QUEUE_LIMIT, 1) ?? 200_000,
    webRoot: resolve(root, 'dist/apps/web/browser'),
    sdkBundle: resolve(root, 'libs/client-sdk/dist/logdesk.iife.js'),
  };
}

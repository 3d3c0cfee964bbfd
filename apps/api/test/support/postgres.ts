import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

/**
 * PostgreSQL for the `api-postgres` Jest project: each server gets a fresh schema of the test
 * database, dropped when its spec file ends. PostgreSQL being down fails the project, never skips it.
 */
export const TEST_DATABASE_URL = process.env.LOGDESK_TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Set by apps/api/jest.postgres.config.ts (test/support/postgres-env.ts). */
export const onPostgres = (): boolean => process.env.LOGDESK_TEST_POSTGRES === '1';

/** Schemas left by runs that were killed before cleaning up are dropped after this long. */
const STALE_MS = 6 * 3_600_000;
const SCHEMA_NAME = /^t_([0-9a-z]+)_[0-9a-f]{8}$/;
/** Serialises the one-time preparation across parallel Jest workers. */
const PREPARE_LOCK = 1_732_300_001;

const created = new Set<string>();
let prepared: Promise<void> | null = null;

async function withClient<T>(use: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: TEST_DATABASE_URL, connectionTimeoutMillis: 5_000 });
  try {
    await client.connect();
  } catch (error) {
    throw new Error(
      `PostgreSQL is unreachable at ${TEST_DATABASE_URL} (${(error as Error).message}). The api-postgres specs need it: ` +
        'start it (pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start) or set LOGDESK_TEST_DATABASE_URL.',
    );
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/**
 * Installs pg_trgm in `public` (so the migration finds it there and dropping a test schema never
 * drops the extension) and drops test schemas left behind by killed runs.
 */
function prepare(): Promise<void> {
  prepared ??= withClient(async (client) => {
    await client.query('BEGIN');
    await client.query('SELECT pg_advisory_xact_lock($1)', [PREPARE_LOCK]);
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public');
    const { rows } = await client.query<{ name: string }>(`SELECT nspname AS name FROM pg_namespace WHERE nspname LIKE 't\\_%'`);
    for (const { name } of rows) {
      const match = SCHEMA_NAME.exec(name);
      if (match && Date.now() - parseInt(match[1], 36) > STALE_MS) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    }
    await client.query('COMMIT');
  });
  return prepared;
}

/** The test database URL with `search_path` set to one schema. */
export const urlForSchema = (schema: string): string =>
  `${TEST_DATABASE_URL}${TEST_DATABASE_URL.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;

/** Creates an empty schema; returns the DATABASE_URL that puts a server in it. */
export async function createTestSchema(): Promise<string> {
  await prepare();
  const schema = `t_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withClient((client) => client.query(`CREATE SCHEMA ${schema}`));
  created.add(schema);
  return urlForSchema(schema);
}

/** Drops every schema this spec file created (its servers are stopped first). */
export async function dropTestSchemas(): Promise<void> {
  if (created.size === 0) return;
  await withClient(async (client) => {
    for (const schema of created) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  });
  created.clear();
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { PostgresInitialSchema1732300000000 } from './migrations/postgres/1732300000000-initial-schema';
import { InitialSchema1732200000000 } from './migrations/sqlite/1732200000000-initial-schema';
import { FtsMergePolicy1763769600000 } from './migrations/sqlite/1763769600000-fts-merge-policy';
import { applySqlitePragmas } from './sqlite/sqlite-pragmas';

export const SQLITE_FILE = 'logdesk.sqlite';
/** pg_advisory_lock key held while migrating: instances starting together migrate one after the other. */
const MIGRATION_LOCK = 1_732_300_000;

/** TypeORM options for the configured engine: migrations run at start, never `synchronize`. */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  return config.databaseUrl ? postgresOptions(config.databaseUrl) : sqliteOptions(config);
}

/**
 * `DATABASE_URL=postgres://user@host:5432/db`; a schema other than the default one goes in the URL
 * as `?options=-c%20search_path%3Dlogdesk` (the schema must exist).
 */
function postgresOptions(url: string): DataSourceOptions {
  if (!/^postgres(ql)?:\/\//i.test(url)) throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  return {
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: [PostgresInitialSchema1732300000000],
    // createDataSource runs them under an advisory lock.
    migrationsRun: false,
    synchronize: false,
    applicationName: 'logdesk',
    connectTimeoutMS: 10_000,
  };
}

function sqliteOptions(config: AppConfig): DataSourceOptions {
  mkdirSync(config.dataDir, { recursive: true });
  return {
    type: 'better-sqlite3',
    database: join(config.dataDir, SQLITE_FILE),
    entities: ENTITIES,
    migrations: [InitialSchema1732200000000, FtsMergePolicy1763769600000],
    migrationsRun: true,
    synchronize: false,
    enableWAL: true,
    prepareDatabase: applySqlitePragmas,
  };
}

export async function createDataSource(options: DataSourceOptions): Promise<DataSource> {
  const dataSource = await new DataSource(options).initialize();
  if (options.type !== 'postgres') return dataSource;
  try {
    await migrateUnderLock(dataSource);
  } catch (error) {
    await dataSource.destroy();
    throw error;
  }
  return dataSource;
}

/** Several instances may start at once against a fresh database: the first migrates, the others wait and find nothing to do. */
async function migrateUnderLock(dataSource: DataSource): Promise<void> {
  const runner = dataSource.createQueryRunner('master');
  try {
    const [{ schema }] = (await runner.query('SELECT current_schema() AS schema')) as { schema: string | null }[];
    if (!schema) throw new Error('DATABASE_URL: no schema of its search_path exists; create it first (CREATE SCHEMA ...)');
    await runner.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      await dataSource.runMigrations({ transaction: 'each' });
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]);
    }
  } finally {
    await runner.release();
  }
}

import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { DataSource, type DataSourceOptions } from 'typeorm';
import type { AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { InitialSchema1732200000000 } from './migrations/sqlite/1732200000000-initial-schema';

export const SQLITE_FILE = 'logdesk.sqlite';

/** TypeORM options for the configured engine: migrations run at start, never `synchronize`. */
export function dataSourceOptions(config: AppConfig): DataSourceOptions {
  if (config.databaseUrl) {
    throw new Error('DATABASE_URL (PostgreSQL) is not supported yet: unset it to use embedded SQLite');
  }
  mkdirSync(config.dataDir, { recursive: true });
  return {
    type: 'better-sqlite3',
    database: join(config.dataDir, SQLITE_FILE),
    entities: ENTITIES,
    migrations: [InitialSchema1732200000000],
    migrationsRun: true,
    synchronize: false,
    enableWAL: true,
    prepareDatabase: (db: { pragma: (sql: string) => unknown }) => {
      // NORMAL is durable against a process crash in WAL mode; the intake journal covers the rest.
      db.pragma('synchronous = NORMAL');
      db.pragma('cache_size = -131072'); // 128 MiB of page cache
      db.pragma('mmap_size = 1073741824');
      db.pragma('temp_store = MEMORY');
      db.pragma('busy_timeout = 5000');
    },
  };
}

export const createDataSource = (options: DataSourceOptions): Promise<DataSource> => new DataSource(options).initialize();

import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { createDataSource, dataSourceOptions } from './data-source';
import { LOG_STORE, type LogStore } from './log-store';
import { PostgresLogStore } from './postgres/postgres-log-store';
import { SqliteLogStore } from './sqlite/sqlite-log-store';

/** The database (TypeORM data source and repositories) and the log engine behind the hot paths. */
@Global()
@Module({
  imports: [
    TypeOrmModule.forRootAsync({
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => dataSourceOptions(config),
      dataSourceFactory: async (options) => createDataSource(options!),
    }),
    TypeOrmModule.forFeature(ENTITIES),
  ],
  providers: [
    {
      provide: LOG_STORE,
      inject: [DataSource, APP_CONFIG],
      useFactory: (dataSource: DataSource, config: AppConfig): LogStore =>
        config.databaseUrl ? new PostgresLogStore(dataSource) : new SqliteLogStore(dataSource),
    },
  ],
  exports: [TypeOrmModule, LOG_STORE],
})
export class StorageModule implements OnApplicationShutdown {
  constructor(@Inject(LOG_STORE) private readonly store: LogStore) {}

  /** After the intake drain (beforeApplicationShutdown): stops the writer thread, closes the database. */
  async onApplicationShutdown(): Promise<void> {
    await this.store.close();
  }
}

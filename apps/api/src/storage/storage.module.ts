import { Global, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ENTITIES } from './entities';
import { createDataSource, dataSourceOptions } from './data-source';
import { LOG_STORE, type LogStore } from './log-store';
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
      inject: [DataSource],
      useFactory: (dataSource: DataSource): LogStore => new SqliteLogStore(dataSource),
    },
  ],
  exports: [TypeOrmModule, LOG_STORE],
})
export class StorageModule {}

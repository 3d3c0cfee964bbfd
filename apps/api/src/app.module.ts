import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { EventEmitterModule } from '@nestjs/event-emitter';
import { AllErrorsFilter } from './common/all-errors.filter';
import type { AppConfig } from './config/app-config';
import { ConfigModule } from './config/config.module';
import { HealthModule } from './health/health.module';
import { IngestionModule } from './ingestion/ingestion.module';
import { LiveModule } from './live/live.module';
import { LogsModule } from './logs/logs.module';
import { ProjectsModule } from './projects/projects.module';
import { RetentionModule } from './retention/retention.module';
import { StorageModule } from './storage/storage.module';

@Module({})
export class AppModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ConfigModule.forRoot(config),
        EventEmitterModule.forRoot(),
        StorageModule,
        IngestionModule,
        ProjectsModule,
        LogsModule,
        HealthModule,
        RetentionModule,
        LiveModule,
      ],
      providers: [{ provide: APP_FILTER, useClass: AllErrorsFilter }],
    };
  }
}

import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LOG_STORE, type LogStore } from '../storage/log-store';

const EVERY_MS = 60_000;
const DAY_MS = 86_400_000;

/** Deletes the oldest logs past LOGDESK_RETENTION_DAYS or LOGDESK_MAX_LOGS, once a minute. */
@Injectable()
export class RetentionService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RetentionService.name);
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOG_STORE) private readonly store: LogStore,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.retentionDays === null && this.config.maxLogs === null) return;
    void this.prune();
    this.timer = setInterval(() => void this.prune(), EVERY_MS);
    this.timer.unref();
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async prune(): Promise<number> {
    const olderThan = this.config.retentionDays === null ? null : Date.now() - this.config.retentionDays * DAY_MS;
    try {
      const deleted = await this.store.prune(olderThan, this.config.maxLogs);
      if (deleted > 0) this.logger.log(`Retention deleted ${deleted} logs`);
      return deleted;
    } catch (error) {
      this.logger.error(`Retention failed: ${(error as Error).message}`);
      return 0;
    }
  }
}

import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { LOG_STORE, type LogStore } from '../storage/log-store';
import { LiveFanout } from './live-fanout';

/** LiveFanout as the Nest provider the gateway and the listeners share. */
@Injectable()
export class LiveHub extends LiveFanout {
  constructor(@Inject(LOG_STORE) store: LogStore, @Inject(APP_CONFIG) config: AppConfig) {
    const logger = new Logger('LiveStream');
    super(store, (message) => logger.warn(message), config.redisUrl !== null);
  }
}

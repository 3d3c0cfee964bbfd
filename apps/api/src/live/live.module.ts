import { Module } from '@nestjs/common';
import { CatalogueListener } from './listeners/catalogue.listener';
import { LogsStoredListener } from './listeners/logs-stored.listener';
import { LiveGateway } from './live.gateway';
import { LiveHub } from './live-hub';

/**
 * Contract section 6: the internal events, bridged to Socket.IO on the API's port. The Socket.IO
 * server itself is set up by LiveIoAdapter (app.factory.ts), which the gateway runs on.
 */
@Module({ providers: [LiveHub, LiveGateway, LogsStoredListener, CatalogueListener], exports: [LiveHub] })
export class LiveModule {}

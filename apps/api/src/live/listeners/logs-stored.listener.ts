import { INTERNAL_EVENTS } from '@logdesk/contracts';
import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { InternalEventMap } from '../live-events';
import { LiveHub } from '../live-hub';

/**
 * Bridges `logs.stored` to the live stream. Synchronous on purpose: the writer emits in commit
 * order, and handling each event before the next keeps every client's logs in id order.
 */
@Injectable()
export class LogsStoredListener {
  constructor(private readonly hub: LiveHub) {}

  @OnEvent(INTERNAL_EVENTS.logsStored)
  handle(event: InternalEventMap[typeof INTERNAL_EVENTS.logsStored]): void {
    this.hub.publishCommitted(event);
  }
}

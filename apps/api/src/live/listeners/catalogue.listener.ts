import { INTERNAL_EVENTS } from '@logdesk/contracts';
import { Injectable } from '@nestjs/common';
import { OnEvent } from '@nestjs/event-emitter';
import type { InternalEventMap } from '../live-events';
import { LiveHub } from '../live-hub';

/** Bridges the catalogue events (new project, bucket, tag value) to every connected client. */
@Injectable()
export class CatalogueListener {
  constructor(private readonly hub: LiveHub) {}

  @OnEvent(INTERNAL_EVENTS.projectCreated)
  projectCreated(event: InternalEventMap[typeof INTERNAL_EVENTS.projectCreated]): void {
    this.hub.announce('project:created', { project: event.project });
  }

  @OnEvent(INTERNAL_EVENTS.bucketCreated)
  bucketCreated(event: InternalEventMap[typeof INTERNAL_EVENTS.bucketCreated]): void {
    this.hub.announce('bucket:created', { bucket: event.bucket });
  }

  @OnEvent(INTERNAL_EVENTS.tagDiscovered)
  tagDiscovered(event: InternalEventMap[typeof INTERNAL_EVENTS.tagDiscovered]): void {
    this.hub.announce('tag:discovered', { projectId: event.projectId, key: event.key, value: event.value });
  }
}

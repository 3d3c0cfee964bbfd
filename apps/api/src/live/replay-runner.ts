import { LIVE_LIMITS, type LogRecord, type LogsStoredEvent } from '@logdesk/contracts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { LogStore } from '../storage/log-store';
import type { LiveClient } from './live-client';
import type { Subscription } from './subscription';

/** Rows read per query while counting what a capped replay leaves out. */
const COUNT_PAGE = 5_000;

export type Warn = (message: string) => void;
export type HeldDelivery = (client: LiveClient, event: LogsStoredEvent & { key: string }) => void;

/**
 * The `afterId` replay of one subscription: the oldest 1,000 stored matches, then `lagged` for any
 * beyond, then the live logs held meanwhile that are past what the replay covered.
 */
export class ReplayRunner {
  constructor(
    private readonly store: LogStore,
    private readonly warn: Warn,
    private readonly isCurrent: (client: LiveClient, subscription: Subscription) => boolean,
    private readonly deliver: HeldDelivery,
  ) {}

  async run(client: LiveClient, subscription: Subscription, afterId: number): Promise<void> {
    let boundary = afterId;
    let skipped = 0;
    try {
      // One row more than sent tells whether the replay is capped.
      const rows = await this.store.page(subscription.filter, { afterId, limit: LIVE_LIMITS.replayMax + 1 });
      if (!this.isCurrent(client, subscription)) return;
      const sent = rows.slice(0, LIVE_LIMITS.replayMax);
      // The replay was asked for and is bounded, so it bypasses the byte bound of live logs.
      for (const event of runsByProject(sent)) client.socket.emit('logs', event);
      boundary = sent.at(-1)?.id ?? afterId;
      if (rows.length > LIVE_LIMITS.replayMax) {
        const rest = await this.countAfter(client, subscription, boundary);
        if (!rest) return;
        skipped = rest.count;
        boundary = rest.lastId;
      }
    } catch (error) {
      // Only a closing database gets here; the held live logs still go out.
      this.warn(`Replay after id ${afterId} failed: ${(error as Error).message}`);
      if (!this.isCurrent(client, subscription)) return;
    }
    const tail = subscription.endReplay(boundary);
    skipped += tail.skipped;
    if (skipped > 0) client.socket.emit('lagged', { projectId: subscription.key, skipped });
    for (const event of tail.events) this.deliver(client, { ...event, key: subscription.key });
  }

  /**
   * Counts the stored matches past the replay, page by page up to the newest, yielding between
   * pages so a long count never holds up the writer; null when the subscription went away.
   * The LogStore has no count with `afterId`, and paging keeps the count exact.
   */
  private async countAfter(
    client: LiveClient,
    subscription: Subscription,
    afterId: number,
  ): Promise<{ count: number; lastId: number } | null> {
    let count = 0;
    let cursor = afterId;
    for (;;) {
      await nextTurn();
      if (!this.isCurrent(client, subscription)) return null;
      const page = await this.store.page(subscription.filter, { afterId: cursor, limit: COUNT_PAGE });
      count += page.length;
      if (page.length > 0) cursor = page[page.length - 1].id;
      if (page.length < COUNT_PAGE) return this.isCurrent(client, subscription) ? { count, lastId: cursor } : null;
    }
  }
}

/** Consecutive logs of one project as one `logs` event each, keeping the overall id order. */
export function runsByProject(logs: LogRecord[]): LogsStoredEvent[] {
  const events: LogsStoredEvent[] = [];
  for (const log of logs) {
    const last = events[events.length - 1];
    if (last?.projectId === log.projectId) last.logs.push(log);
    else events.push({ projectId: log.projectId, logs: [log] });
  }
  return events;
}

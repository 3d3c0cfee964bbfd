import type { LogRecord, LogsStoredEvent } from '@logdesk/contracts';
import type { LogFilter } from '../storage/log-store';
import { filterSignature } from './log-matcher';

/** Live logs held back while an `afterId` replay runs; more than this and the oldest are dropped. */
const REPLAY_BUFFER_MAX = 20_000;

/** What the buffer holds once the replay is done: the events to send and the logs it had to drop. */
export interface ReplayTail {
  events: LogsStoredEvent[];
  skipped: number;
}

/**
 * One `subscribe` of one socket: its key (a project id or "*"), its parsed filter and, while an
 * `afterId` replay runs, the live logs that arrived meanwhile.
 */
export class Subscription {
  readonly signature: string;
  /** Logs not sent because the socket fell behind; reported as `lagged` once it drains. */
  skipped = 0;
  private buffer: LogsStoredEvent[] | null = null;
  private buffered = 0;
  private droppedIds: number[] = [];
  /** The last id a replay sent or counted; later live events at or below it are not sent again. */
  private floor = 0;

  constructor(
    readonly key: string,
    readonly filter: LogFilter,
  ) {
    this.signature = filterSignature(filter);
  }

  get replaying(): boolean {
    return this.buffer !== null;
  }

  /** Holds live logs from now on, until `endReplay`. */
  startReplay(): void {
    this.buffer = [];
  }

  /** Keeps matching live logs that arrive during the replay (already filtered, ascending id). */
  hold(projectId: string, logs: LogRecord[]): void {
    this.buffer!.push({ projectId, logs });
    this.buffered += logs.length;
    // A replay slower than the stream must not grow memory without bound: drop the oldest and
    // remember their ids, so `endReplay` can count exactly those that neither replay nor tail sent.
    while (this.buffered > REPLAY_BUFFER_MAX && this.buffer!.length > 1) {
      const oldest = this.buffer!.shift()!;
      this.buffered -= oldest.logs.length;
      for (const log of oldest.logs) this.droppedIds.push(log.id);
    }
  }

  /**
   * Live logs past the replay. The writer commits before it emits (on its own thread, or in
   * PostgreSQL), so the replay query can see a batch whose event reaches us only after the replay.
   */
  pastReplay(logs: LogRecord[]): LogRecord[] {
    if (logs.length === 0 || logs[0].id > this.floor) return logs;
    return logs.filter((log) => log.id > this.floor);
  }

  /**
   * Ends the replay: every log with an id up to `boundary` was sent or counted by the replay, so
   * only later ones are released, now and from then on. With one writer ids grow with commit
   * order: a log committed after the query has a larger id than any the query saw, so "hold
   * everything from before the query, keep what is past the boundary" leaves no gap and no duplicate.
   */
  endReplay(boundary: number): ReplayTail {
    this.floor = boundary;
    const events: LogsStoredEvent[] = [];
    for (const event of this.buffer ?? []) {
      const logs = event.logs[0]?.id > boundary ? event.logs : event.logs.filter((log) => log.id > boundary);
      if (logs.length > 0) events.push({ projectId: event.projectId, logs });
    }
    const skipped = this.droppedIds.filter((id) => id > boundary).length;
    this.buffer = null;
    this.buffered = 0;
    this.droppedIds = [];
    return { events, skipped };
  }
}

import { WRITER, INTERNAL_EVENTS, type LogsStoredEvent } from '@logdesk/contracts';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown, type OnModuleInit } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { join } from 'node:path';
import { APP_CONFIG, type AppConfig } from '../config/app-config';
import { ApiError } from '../common/api-error';
import { LOG_STORE, type LogStore, type WriteResult } from '../storage/log-store';
import type { IntakeBatch, IntakeLog } from './intake-batch';
import { IntakeJournal } from './intake-journal';

/** Logs one transaction may take under load; several 50-row batches share it. */
const MAX_LOGS_PER_TRANSACTION = 20_000;
/** A second write is sent while one is in flight once this many logs wait (or on the 100 ms tick). */
const MIN_LOGS_PIPELINED = 1_000;
const RETRY_AFTER_FAILURE_MS = 1_000;

type WriteOutcome = { result: WriteResult } | { error: unknown };

interface InFlightWrite {
  batches: IntakeBatch[];
  count: number;
  outcome: WriteOutcome | null;
  /** Resolves once the outcome has been handled. */
  settled: Promise<void>;
}

/**
 * Accepts validated requests (journal first, then the in-memory queue) and runs the background
 * writer: every 100 ms, or as soon as 50 logs wait, it stores everything queued and emits the
 * internal events after the commit.
 */
@Injectable()
export class IntakeService implements OnModuleInit, BeforeApplicationShutdown {
  private readonly logger = new Logger(IntakeService.name);
  private readonly journal: IntakeJournal;
  private readonly journalId: string;
  private readonly queue: IntakeBatch[] = [];
  private pendingLogs = 0;
  /** The writer's 100 ms tick. */
  private tick: NodeJS.Timeout | null = null;
  private pumpQueued = false;
  private readonly inFlight: InFlightWrite[] = [];
  private readonly roomWaiters = new Set<() => void>();
  /** Batches at the queue's head already sent in an in-flight write. */
  private sent = 0;
  /** A write failed: the ones in flight after it are discarded, and all are resent from the head. */
  private failing = false;
  /** After a failure, nothing is sent before this time. */
  private retryAt = 0;
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(LOG_STORE) private readonly store: LogStore,
    private readonly events: EventEmitter2,
  ) {
    this.journal = new IntakeJournal(join(config.dataDir, 'journal'), (message) => this.logger.warn(message));
    // One journal per data directory; the checkpoint row is keyed by its id (several instances may share PostgreSQL).
    this.journalId = this.journal.id;
  }

  get pending(): number {
    return this.pendingLogs;
  }

  /** The queue is at its bound: no non-empty request can be accepted until the writer catches up. */
  get full(): boolean {
    return this.pendingLogs >= this.config.queueLimit;
  }

  /**
   * Resolves true once the queue is below its bound, or false after `timeoutMs`. The writer frees
   * room a transaction at a time (every few hundred ms under load), so a request that waits a
   * moment usually gets in instead of being refused and retried.
   */
  waitForRoom(timeoutMs: number): Promise<boolean> {
    if (!this.full) return Promise.resolve(true);
    return new Promise((resolve) => {
      const waiter = (): void => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.roomWaiters.delete(waiter);
        resolve(false);
      }, timeoutMs);
      this.roomWaiters.add(waiter);
    });
  }

  /** Replays what the journal holds beyond the last committed checkpoint, before the server listens. */
  async onModuleInit(): Promise<void> {
    const replay = this.journal.recover(await this.store.checkpoint(this.journalId));
    for (const batch of replay) this.enqueue(batch);
    if (replay.length > 0) {
      this.logger.log(`Replaying ${this.pendingLogs} journaled logs from ${replay.length} requests`);
      await this.drain();
    }
    this.tick = setInterval(() => this.pump(true), WRITER.flushIntervalMs);
  }

  /** Journals and queues one validated request; the caller answers 200 once this returns. */
  accept(projectId: string, logs: IntakeLog[]): void {
    if (logs.length === 0) return;
    if (this.stopping) throw new ApiError(503, 'The server is shutting down', undefined, { 'Retry-After': '1' });
    if (this.pendingLogs + logs.length > this.config.queueLimit) throw ApiError.queueFull(1);
    this.enqueue(this.journal.append({ projectId, receivedAt: Date.now(), logs }));
    if (this.pendingLogs >= WRITER.batchSize) this.pumpSoon();
  }

  /** SIGTERM/SIGINT: stop taking requests and store everything queued before exit. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.tick) clearInterval(this.tick);
    await this.drain();
    this.journal.close();
  }

  /** Writes until the queue is empty (start-up replay, shutdown, tests). */
  async drain(): Promise<void> {
    while (this.queue.length > 0) {
      this.pump(true);
      if (this.inFlight.length > 0) await this.inFlight[0].settled;
      else await new Promise((done) => setTimeout(done, Math.max(1, this.retryAt - Date.now())));
    }
  }

  private enqueue(batch: IntakeBatch): void {
    this.queue.push(batch);
    this.pendingLogs += batch.logs.length;
  }

  /**
   * Pumps once the current request has been answered: `accept` runs on the request's path, and
   * handing a write to the store copies its logs (to the writer thread, for SQLite).
   */
  private pumpSoon(): void {
    if (this.pumpQueued) return;
    this.pumpQueued = true;
    setImmediate(() => {
      this.pumpQueued = false;
      this.pump();
    });
  }

  /**
   * Sends queued batches to the store, up to its writes in flight. The first write goes as soon as
   * 50 logs wait; a further one (the store is still busy) only once a fair share of a transaction
   * waits, or on the 100 ms tick (`force`), so a busy writer does not alternate large and tiny commits.
   */
  private pump(force = false): void {
    const ready = (): boolean =>
      !this.failing && Date.now() >= this.retryAt && this.inFlight.length < this.store.writesInFlight && this.sent < this.queue.length;
    while (ready()) {
      const unsent = this.pendingLogs - this.inFlight.reduce((sum, write) => sum + write.count, 0);
      const enough = this.inFlight.length === 0 ? WRITER.batchSize : MIN_LOGS_PIPELINED;
      if (!force && unsent < enough) return;
      let count = 0;
      let take = 0;
      while (this.sent + take < this.queue.length && (take === 0 || count + this.queue[this.sent + take].logs.length <= MAX_LOGS_PER_TRANSACTION)) {
        count += this.queue[this.sent + take++].logs.length;
      }
      const batches = this.queue.slice(this.sent, this.sent + take);
      this.sent += take;
      const write: InFlightWrite = { batches, count, outcome: null, settled: Promise.resolve() };
      write.settled = this.store
        .write(batches, this.journalId)
        .then(
          (result) => this.settle(write, { result }),
          (error: unknown) => this.settle(write, { error }),
        )
        .catch((error: unknown) => this.logger.error(`Handling a committed write failed: ${(error as Error).stack ?? error}`));
      this.inFlight.push(write);
    }
  }

  /** Handles outcomes strictly in the order the writes were sent (the engine commits them in that order). */
  private settle(write: InFlightWrite, outcome: WriteOutcome): void {
    write.outcome = outcome;
    while (this.inFlight[0]?.outcome) {
      const done = this.inFlight.shift()!;
      const { batches, count } = done;
      if ('error' in done.outcome!) {
        if (!this.failing) this.logger.error(`Storing ${count} logs failed; retrying: ${(done.outcome.error as Error).stack ?? done.outcome.error}`);
        // This write and every one sent after it go again from the queue's head once all have answered.
        this.failing = true;
        this.retryAt = Date.now() + RETRY_AFTER_FAILURE_MS;
        continue;
      }
      this.queue.splice(0, batches.length);
      this.sent -= batches.length;
      this.pendingLogs -= count;
      this.journal.release(batches[batches.length - 1].seq);
      this.emit(done.outcome!.result);
    }
    if (!this.full && this.roomWaiters.size > 0) {
      for (const waiter of this.roomWaiters) waiter();
      this.roomWaiters.clear();
    }
    if (this.failing && this.inFlight.length === 0) {
      this.failing = false;
      this.sent = 0;
    }
    this.pump();
  }

  private emit(result: WriteResult): void {
    for (const project of result.projects) this.events.emit(INTERNAL_EVENTS.projectCreated, { project });
    for (const bucket of result.buckets) this.events.emit(INTERNAL_EVENTS.bucketCreated, { bucket });
    for (const tag of result.tags) this.events.emit(INTERNAL_EVENTS.tagDiscovered, tag);
    for (const [projectId, logs] of result.logsByProject) {
      const event: LogsStoredEvent = { projectId, logs };
      this.events.emit(INTERNAL_EVENTS.logsStored, event);
    }
  }
}

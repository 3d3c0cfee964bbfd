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
const MAX_LOGS_PER_TRANSACTION = 5_000;
const RETRY_AFTER_FAILURE_MS = 1_000;

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
  private timer: NodeJS.Timeout | null = null;
  private writing: Promise<void> | null = null;
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

  /** Replays what the journal holds beyond the last committed checkpoint, before the server listens. */
  async onModuleInit(): Promise<void> {
    const replay = this.journal.recover(await this.store.checkpoint(this.journalId));
    for (const batch of replay) this.enqueue(batch);
    if (replay.length > 0) {
      this.logger.log(`Replaying ${this.pendingLogs} journaled logs from ${replay.length} requests`);
      await this.drain();
    }
    this.schedule(WRITER.flushIntervalMs);
  }

  /** Journals and queues one validated request; the caller answers 200 once this returns. */
  accept(projectId: string, logs: IntakeLog[]): void {
    if (logs.length === 0) return;
    if (this.stopping) throw new ApiError(503, 'The server is shutting down', undefined, { 'Retry-After': '1' });
    if (this.pendingLogs + logs.length > this.config.queueLimit) throw ApiError.queueFull(1);
    this.enqueue(this.journal.append({ projectId, receivedAt: Date.now(), logs }));
    if (this.pendingLogs >= WRITER.batchSize) this.schedule(0);
  }

  /** SIGTERM/SIGINT: stop taking requests and store everything queued before exit. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.drain();
    this.journal.close();
  }

  /** Writes until the queue is empty (start-up replay, shutdown, tests). */
  async drain(): Promise<void> {
    while (this.queue.length > 0 || this.writing) {
      if (this.writing) await this.writing;
      else await this.writeOnce();
    }
  }

  private enqueue(batch: IntakeBatch): void {
    this.queue.push(batch);
    this.pendingLogs += batch.logs.length;
  }

  private schedule(delay: number): void {
    if (this.stopping) return;
    if (this.timer) {
      if (delay > 0) return;
      clearTimeout(this.timer);
    }
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.tick();
    }, delay);
  }

  private async tick(): Promise<void> {
    if (!this.writing && this.queue.length > 0) await this.writeOnce();
    this.schedule(this.pendingLogs >= WRITER.batchSize ? 0 : WRITER.flushIntervalMs);
  }

  private writeOnce(): Promise<void> {
    const run = this.writeNext().finally(() => (this.writing = null));
    this.writing = run;
    return run;
  }

  private async writeNext(): Promise<void> {
    let count = 0;
    let take = 0;
    while (take < this.queue.length && (take === 0 || count + this.queue[take].logs.length <= MAX_LOGS_PER_TRANSACTION)) {
      count += this.queue[take++].logs.length;
    }
    const batches = this.queue.slice(0, take);
    let result: WriteResult;
    try {
      result = await this.store.write(batches, this.journalId);
    } catch (error) {
      this.logger.error(`Storing ${count} logs failed; retrying: ${(error as Error).stack ?? error}`);
      await new Promise((done) => setTimeout(done, RETRY_AFTER_FAILURE_MS));
      return;
    }
    this.queue.splice(0, take);
    this.pendingLogs -= count;
    this.journal.release(batches[batches.length - 1].seq);
    this.emit(result);
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

import type { ContextScope, LogRecord, StatsResponse, TagFacet } from '@logdesk/contracts';
import type { Database } from 'better-sqlite3';
import type { DataSource } from 'typeorm';
import type { IntakeBatch } from '../../ingestion/intake-batch';
import type { LogFilter, LogStore, PageRequest, WriteResult } from '../log-store';
import { SqliteReader } from './sqlite-reader';
import { SqliteRetention } from './sqlite-retention';
import { SqliteStats } from './sqlite-stats';
import { SqliteWriterThread } from './sqlite-writer-thread';

/**
 * The embedded engine. Writes go to a writer thread with its own connection; reads run here on
 * TypeORM's connection (WAL lets them proceed while the writer commits).
 */
export class SqliteLogStore implements LogStore {
  readonly kind = 'sqlite' as const;
  /** The writer thread starts the next transaction as soon as one commits, without a round trip here. */
  readonly writesInFlight = 2;
  private readonly writer: SqliteWriterThread;
  private readonly reader: SqliteReader;
  private readonly statistics: SqliteStats;
  private readonly retention: SqliteRetention;

  constructor(private readonly dataSource: DataSource) {
    const db = (dataSource.driver as unknown as { databaseConnection: Database }).databaseConnection;
    this.writer = new SqliteWriterThread(db.name);
    this.reader = new SqliteReader(db);
    this.statistics = new SqliteStats(db);
    this.retention = new SqliteRetention(db);
  }

  async checkpoint(journalId: string): Promise<number> {
    return this.writer.checkpoint(journalId);
  }

  async write(batches: IntakeBatch[], journalId: string): Promise<WriteResult> {
    return this.writer.write(batches, journalId);
  }

  async page(filter: LogFilter, request: PageRequest): Promise<LogRecord[]> {
    return this.reader.page(filter, request);
  }

  async findById(id: number): Promise<LogRecord | null> {
    return this.reader.findById(id);
  }

  async context(log: LogRecord, scope: ContextScope | null, before: number, after: number) {
    return this.reader.context(log, scope, before, after);
  }

  async stats(filter: LogFilter & { projectId: string }, histogramBuckets: number): Promise<StatsResponse> {
    return this.statistics.stats(filter, histogramBuckets);
  }

  async tagCatalogue(projectId: string, valuesPerKey: number): Promise<TagFacet[]> {
    return this.reader.tagCatalogue(projectId, valuesPerKey);
  }

  async prune(olderThan: number | null, maxLogs: number | null): Promise<number> {
    return this.retention.prune(olderThan, maxLogs);
  }

  async close(): Promise<void> {
    await this.writer.close();
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

import type { ContextScope, LogRecord, StatsResponse, TagFacet } from '@logdesk/contracts';
import type { DataSource } from 'typeorm';
import type { IntakeBatch } from '../../ingestion/intake-batch';
import type { LogFilter, LogStore, PageRequest, WriteResult } from '../log-store';
import { PostgresReader } from './postgres-reader';
import { PostgresRetention } from './postgres-retention';
import { poolOf } from './postgres-sql';
import { PostgresStats } from './postgres-stats';
import { PostgresWriter } from './postgres-writer';

/** The PostgreSQL engine (`DATABASE_URL`): several instances may share one database. */
export class PostgresLogStore implements LogStore {
  readonly kind = 'postgres' as const;
  /** One write at a time: its transactions run on a pool and could commit out of order. */
  readonly writesInFlight = 1;
  private readonly writer: PostgresWriter;
  private readonly reader: PostgresReader;
  private readonly statistics: PostgresStats;
  private readonly retention: PostgresRetention;

  constructor(private readonly dataSource: DataSource) {
    const pool = poolOf(dataSource);
    this.writer = new PostgresWriter(pool);
    this.reader = new PostgresReader(pool);
    this.statistics = new PostgresStats(pool);
    this.retention = new PostgresRetention(pool);
  }

  checkpoint(journalId: string): Promise<number> {
    return this.writer.checkpoint(journalId);
  }

  write(batches: IntakeBatch[], journalId: string): Promise<WriteResult> {
    return this.writer.write(batches, journalId);
  }

  page(filter: LogFilter, request: PageRequest): Promise<LogRecord[]> {
    return this.reader.page(filter, request);
  }

  findById(id: number): Promise<LogRecord | null> {
    return this.reader.findById(id);
  }

  context(log: LogRecord, scope: ContextScope | null, before: number, after: number) {
    return this.reader.context(log, scope, before, after);
  }

  stats(filter: LogFilter & { projectId: string }, histogramBuckets: number): Promise<StatsResponse> {
    return this.statistics.stats(filter, histogramBuckets);
  }

  tagCatalogue(projectId: string, valuesPerKey: number): Promise<TagFacet[]> {
    return this.reader.tagCatalogue(projectId, valuesPerKey);
  }

  prune(olderThan: number | null, maxLogs: number | null): Promise<number> {
    return this.retention.prune(olderThan, maxLogs);
  }

  async close(): Promise<void> {
    if (this.dataSource.isInitialized) await this.dataSource.destroy();
  }
}

import { DEFAULT_FILTER_NAME, DEFAULT_WORKSPACE, type Bucket, type Project } from '@logdesk/contracts';
import type { Pool, PoolClient } from 'pg';
import type { IntakeBatch, IntakeLog } from '../../ingestion/intake-batch';
import { HOUR, MINUTE } from '../histogram-edges';
import type { WriteResult } from '../log-store';
import { LOG_COLUMNS, toLogRecord, type LogRow } from '../log-record';
import { addCounts, indexedTags, pgText, ROLLUPS, Tally } from './postgres-sql';

/** Rows a statement carries: bounds the size of one protocol message. */
const ROWS_PER_STATEMENT = 1_000;
/** Deadlocks and serialization failures are retried at once; anything else fails the write. */
const TRANSIENT = new Set(['40P01', '40001']);
const ATTEMPTS = 3;
/** Keeps timestamps inside what a bigint and a JavaScript Date both hold. */
const MAX_TIMESTAMP = 8_640_000_000_000_000;

const LOG_TYPES = ['bigint', 'text', 'text', 'text', 'text', 'bigint', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'text', 'bigint'];
const INSERT_LOGS = `INSERT INTO logs (${LOG_COLUMNS})
  SELECT * FROM unnest(${LOG_TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(', ')})
  ON CONFLICT (project_id, event_id) WHERE event_id IS NOT NULL DO NOTHING RETURNING id`;

/**
 * The PostgreSQL write path, straight on the `pg` pool (see poolOf for why). One transaction per
 * call; each table gets one multi-row statement (`INSERT ... SELECT FROM unnest(arrays)`).
 * Several instances may write at once: ids come from the one sequence, duplicates by eventId are
 * dropped by the unique index, and projects/buckets are created by whichever instance inserts
 * first (`ON CONFLICT DO NOTHING RETURNING` says which), so only that one emits the event.
 */
export class PostgresWriter {
  /** Catalogue rows get strictly increasing creation times, so "ordered by createdAt" is creation order. */
  private lastCreatedAt = 0;
  private readonly knownProjects = new Set<string>();
  private readonly knownBuckets = new Set<string>();

  constructor(private readonly pool: Pool) {}

  async checkpoint(journalId: string): Promise<number> {
    const { rows } = await this.pool.query<{ seq: string }>('SELECT seq FROM intake_checkpoints WHERE journal_id = $1', [journalId]);
    return rows.length > 0 ? Number(rows[0].seq) : 0;
  }

  async write(batches: IntakeBatch[], journalId: string): Promise<WriteResult> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.writeOnce(batches, journalId);
      } catch (error) {
        if (attempt >= ATTEMPTS || !TRANSIENT.has((error as { code?: string }).code ?? '')) throw error;
      }
    }
  }

  private async writeOnce(batches: IntakeBatch[], journalId: string): Promise<WriteResult> {
    const result: WriteResult = { logsByProject: new Map(), projects: [], buckets: [], tags: [], duplicates: 0 };
    const fresh = dropDuplicatesWithin(batches, result);
    const touched = { projects: [] as string[], buckets: [] as string[] };
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const ids = await this.allocateIds(client, fresh.length);
      const rows = fresh.map(({ batch, log }, i) => toRow(ids[i], batch, log));
      await this.ensureProjects(client, rows, result, touched.projects);
      await this.ensureBuckets(client, rows, result, touched.buckets);
      const stored = await this.insertLogs(client, rows);
      const kept = rows.filter((row) => stored.has(row.id as number));
      result.duplicates += rows.length - kept.length;
      await this.indexTags(client, kept, result);
      await this.countByTime(client, kept);
      await client.query({
        name: 'logdesk-checkpoint',
        text: `INSERT INTO intake_checkpoints (journal_id, seq) VALUES ($1, $2)
          ON CONFLICT (journal_id) DO UPDATE SET seq = excluded.seq`,
        values: [journalId, batches[batches.length - 1]?.seq ?? 0],
      });
      await client.query('COMMIT');
      for (const row of kept) {
        const record = toLogRecord(row);
        const list = result.logsByProject.get(record.projectId) ?? [];
        list.push(record);
        result.logsByProject.set(record.projectId, list);
      }
      return result;
    } catch (error) {
      // Rolled back: forget what this write created so the retry creates it again.
      for (const id of touched.projects) this.knownProjects.delete(id);
      for (const key of touched.buckets) this.knownBuckets.delete(key);
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }

  /** Ids from the shared sequence, ascending: insertion order within this instance. */
  private async allocateIds(client: PoolClient, count: number): Promise<number[]> {
    if (count === 0) return [];
    const { rows } = await client.query<{ id: string }>({
      name: 'logdesk-ids',
      text: `SELECT nextval('logs_id_seq') AS id FROM generate_series(1, $1)`,
      values: [count],
    });
    return rows.map((row) => Number(row.id)).sort((a, b) => a - b);
  }

  private creationTime(): number {
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    return this.lastCreatedAt;
  }

  /** New projects (workspace "Unsorted", filter "All Logs"); only the instance that inserts one reports it. */
  private async ensureProjects(client: PoolClient, rows: LogRow[], result: WriteResult, touched: string[]): Promise<void> {
    const fresh = new Map<string, number>();
    for (const row of rows) {
      if (!this.knownProjects.has(row.project_id) && !fresh.has(row.project_id)) fresh.set(row.project_id, this.creationTime());
    }
    if (fresh.size === 0) return;
    const ids = [...fresh.keys()].sort();
    for (const id of ids) {
      this.knownProjects.add(id);
      touched.push(id);
    }
    await client.query({
      name: 'logdesk-workspace',
      text: 'INSERT INTO workspaces (id, name, created_at) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING',
      values: [DEFAULT_WORKSPACE.id, DEFAULT_WORKSPACE.name, Math.min(...fresh.values())],
    });
    const { rows: inserted } = await client.query<{ id: string }>({
      name: 'logdesk-projects',
      text: `INSERT INTO projects (id, name, workspace_id, created_at) SELECT p.id, p.id, $3, p.created_at
        FROM unnest($1::text[], $2::bigint[]) AS p(id, created_at) ON CONFLICT (id) DO NOTHING RETURNING id`,
      values: [ids, ids.map((id) => fresh.get(id)), DEFAULT_WORKSPACE.id],
    });
    if (inserted.length === 0) return;
    const created = new Set(inserted.map((row) => row.id));
    const mine = ids.filter((id) => created.has(id));
    await client.query({
      name: 'logdesk-filters',
      text: `INSERT INTO saved_filters (id, project_id, name, query, is_default, created_at)
        SELECT f.project_id || ':all', f.project_id, $3, '{}', true, f.created_at
        FROM unnest($1::text[], $2::bigint[]) AS f(project_id, created_at) ON CONFLICT (id) DO NOTHING`,
      values: [mine, mine.map((id) => fresh.get(id)), DEFAULT_FILTER_NAME],
    });
    for (const [id, createdAt] of fresh) {
      if (!created.has(id)) continue;
      const project: Project = { id, name: id, workspaceId: DEFAULT_WORKSPACE.id, createdAt: new Date(createdAt).toISOString() };
      result.projects.push(project);
    }
  }

  private async ensureBuckets(client: PoolClient, rows: LogRow[], result: WriteResult, touched: string[]): Promise<void> {
    const fresh = new Map<string, { projectId: string; name: string; createdAt: number }>();
    for (const row of rows) {
      const key = `${row.project_id}\u0000${row.bucket}`;
      if (this.knownBuckets.has(key) || fresh.has(key)) continue;
      fresh.set(key, { projectId: row.project_id, name: row.bucket, createdAt: this.creationTime() });
    }
    if (fresh.size === 0) return;
    const keys = [...fresh.keys()].sort();
    for (const key of keys) {
      this.knownBuckets.add(key);
      touched.push(key);
    }
    const ordered = keys.map((key) => fresh.get(key)!);
    const { rows: inserted } = await client.query<{ project_id: string; name: string }>({
      name: 'logdesk-buckets',
      text: `INSERT INTO buckets (project_id, name, created_at) SELECT * FROM unnest($1::text[], $2::text[], $3::bigint[])
        ON CONFLICT (project_id, name) DO NOTHING RETURNING project_id, name`,
      values: [ordered.map((b) => b.projectId), ordered.map((b) => b.name), ordered.map((b) => b.createdAt)],
    });
    const created = new Set(inserted.map((row) => `${row.project_id}\u0000${row.name}`));
    for (const [key, { projectId, name, createdAt }] of fresh) {
      if (!created.has(key)) continue;
      const bucket: Bucket = { id: `${projectId}:${name}`, name, projectId, createdAt: new Date(createdAt).toISOString() };
      result.buckets.push(bucket);
    }
  }

  /**
   * Inserts the logs; returns the ids actually stored (a duplicate eventId, maybe written by
   * another instance, is skipped). Logs with an eventId go in eventId order so two instances
   * inserting the same ones wait on each other in the same order, never in a cycle.
   */
  private async insertLogs(client: PoolClient, rows: LogRow[]): Promise<Set<number>> {
    const stored = new Set<number>();
    const ordered = [...rows].sort((a, b) => compareKeys(eventKey(a), eventKey(b)));
    for (let i = 0; i < ordered.length; i += ROWS_PER_STATEMENT) {
      const chunk = ordered.slice(i, i + ROWS_PER_STATEMENT);
      const columns = LOG_COLUMNS.split(', ') as (keyof LogRow)[];
      const { rows: returned } = await client.query<{ id: string }>({
        name: 'logdesk-insert-logs',
        text: INSERT_LOGS,
        values: columns.map((column) => chunk.map((row) => row[column])),
      });
      for (const row of returned) stored.add(Number(row.id));
    }
    return stored;
  }

  /** Tag index rows and the catalogue counts; a value counted for the first time is "discovered". */
  private async indexTags(client: PoolClient, rows: LogRow[], result: WriteResult): Promise<void> {
    const tagRows: [string, string, string, number][] = [];
    const values = new Tally();
    const byLevelAndBucket = new Tally();
    for (const row of rows) {
      for (const [key, value] of indexedTags(row.tags)) {
        tagRows.push([row.project_id, key, value, row.id as number]);
        values.add([row.project_id, key, value]);
        byLevelAndBucket.add([row.project_id, key, value, row.level, row.bucket]);
      }
    }
    for (let i = 0; i < tagRows.length; i += ROWS_PER_STATEMENT * 4) {
      const chunk = tagRows.slice(i, i + ROWS_PER_STATEMENT * 4);
      await client.query({
        name: 'logdesk-log-tags',
        text: `INSERT INTO log_tags (project_id, key, value, log_id) SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[])`,
        values: [0, 1, 2, 3].map((i) => chunk.map((tag) => tag[i])),
      });
    }
    const totals = await addCounts(client, ROLLUPS.tagValues, values);
    for (const [id, entry] of values.entries) {
      if (totals.get(id) !== entry[3]) continue;
      result.tags.push({ projectId: entry[0] as string, key: entry[1] as string, value: entry[2] as string });
    }
    await addCounts(client, ROLLUPS.tagCounts, byLevelAndBucket);
  }

  /** The rollups behind stats (per minute and hour, by level and bucket), then each hour's id range. */
  private async countByTime(client: PoolClient, rows: LogRow[]): Promise<void> {
    const minutes = new Tally();
    const hours = new Tally();
    const levels = new Tally();
    const ranges = new Map<string, [string, number, number, number]>();
    for (const row of rows) {
      const timestamp = row.timestamp as number;
      const id = row.id as number;
      const minute = Math.floor(timestamp / MINUTE) * MINUTE;
      const hour = Math.floor(timestamp / HOUR) * HOUR;
      minutes.add([row.project_id, minute, row.level, row.bucket]);
      hours.add([row.project_id, hour, row.level, row.bucket]);
      levels.add([row.project_id, minute, row.level]);
      const key = `${row.project_id}\u0000${hour}`;
      const range = ranges.get(key);
      if (!range) ranges.set(key, [row.project_id, hour, id, id]);
      else [range[2], range[3]] = [Math.min(range[2], id), Math.max(range[3], id)];
    }
    await addCounts(client, ROLLUPS.minutes, minutes);
    await addCounts(client, ROLLUPS.hours, hours);
    await addCounts(client, ROLLUPS.levels, levels);
    if (ranges.size === 0) return;
    const ordered = [...ranges.keys()].sort().map((key) => ranges.get(key)!);
    await client.query({
      name: 'logdesk-id-ranges',
      text: `INSERT INTO log_id_ranges (project_id, hour, min_id, max_id) SELECT * FROM unnest($1::text[], $2::bigint[], $3::bigint[], $4::bigint[])
        ON CONFLICT (project_id, hour) DO UPDATE
        SET min_id = least(log_id_ranges.min_id, excluded.min_id), max_id = greatest(log_id_ranges.max_id, excluded.max_id)`,
      values: [0, 1, 2, 3].map((i) => ordered.map((range) => range[i])),
    });
  }
}

/** The first copy of an eventId in this write wins; copies already stored are dropped by the unique index. */
function dropDuplicatesWithin(batches: IntakeBatch[], result: WriteResult): { batch: IntakeBatch; log: IntakeLog }[] {
  const seen = new Set<string>();
  const fresh: { batch: IntakeBatch; log: IntakeLog }[] = [];
  for (const batch of batches) {
    for (const log of batch.logs) {
      if (log.eventId !== null) {
        const key = `${batch.projectId}\u0000${pgText(log.eventId)}`;
        if (seen.has(key)) {
          result.duplicates++;
          continue;
        }
        seen.add(key);
      }
      fresh.push({ batch, log });
    }
  }
  return fresh;
}

function toRow(id: number, batch: IntakeBatch, log: IntakeLog): LogRow {
  return {
    id,
    project_id: batch.projectId,
    bucket: pgText(log.bucket),
    level: log.level,
    message: pgText(log.message),
    timestamp: Math.max(-MAX_TIMESTAMP, Math.min(MAX_TIMESTAMP, log.timestamp)),
    tags: log.tags ? JSON.stringify(log.tags) : null,
    context: log.context,
    trace_id: pgText(log.traceId),
    user_id: pgText(log.userId),
    session_id: pgText(log.sessionId),
    env: pgText(log.env),
    app_name: pgText(log.appName),
    app_version: pgText(log.appVersion),
    event_id: pgText(log.eventId),
    created_at: batch.receivedAt,
  };
}

const eventKey = (row: LogRow): string => (row.event_id === null ? '' : `${row.project_id}\u0000${row.event_id}`);
const compareKeys = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

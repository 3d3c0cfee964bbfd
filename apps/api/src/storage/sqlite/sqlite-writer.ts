import { DEFAULT_FILTER_NAME, DEFAULT_WORKSPACE, WRITER, type Bucket, type Project } from '@logdesk/contracts';
import type { Database, Statement } from 'better-sqlite3';
import type { IntakeBatch, IntakeLog } from '../../ingestion/intake-batch';
import { HOUR, MINUTE } from '../histogram-edges';
import type { WriteResult } from '../log-store';
import { intakeRow, type LogRow } from '../log-record';

const LOG_INSERT_COLUMNS = 16;

/**
 * What a write committed, compact enough to cross the thread boundary cheaply: the main thread
 * already holds the logs, so it builds the records from them and these ids.
 */
export interface SqliteWriteOutcome extends Omit<WriteResult, 'logsByProject'> {
  /** For each log of the batches, in order: its new id, or 0 when it was a duplicate. */
  ids: number[];
}

interface FreshLog {
  batch: IntakeBatch;
  log: IntakeLog;
  /** Its position among all logs of the write. */
  at: number;
}

/**
 * The SQLite write path. It talks to better-sqlite3 directly (not TypeORM): prepared multi-row
 * statements of 50 rows inside one transaction are what let a single core store tens of thousands
 * of logs a second. Ids are assigned here: SQLite has one writer, so `max(id) + 1` is safe.
 *
 * Where the time goes (node --cpu-prof on this class alone, logs of `bench/ingestion.mjs`, about
 * 42,000 logs/s): the logs row with its indexes and the FTS5 trigram entries 57%, the tag index
 * 19%, the commit (WAL pages) 14%, rollups 2%. Without FTS the same loop runs at 66,000 logs/s,
 * which is why its merge policy is relaxed (migration FtsMergePolicy). A random `eventId` per log
 * (the SDK's) makes every commit write scattered pages of the unique index: about 23,000 logs/s;
 * larger transactions under backlog (IntakeService) soften that.
 */
export class SqliteWriter {
  private nextId: number;
  /** Catalogue rows get strictly increasing creation times, so "ordered by createdAt" is creation order. */
  private lastCreatedAt = 0;
  private readonly knownProjects = new Set<string>();
  private readonly knownBuckets = new Set<string>();
  private readonly statements = new Map<string, Statement>();

  constructor(private readonly db: Database) {
    this.nextId = ((db.prepare('SELECT max(id) AS id FROM logs').get() as { id: number | null }).id ?? 0) + 1;
    for (const row of db.prepare('SELECT id FROM projects').all() as { id: string }[]) this.knownProjects.add(row.id);
    for (const row of db.prepare('SELECT project_id, name FROM buckets').all() as { project_id: string; name: string }[]) {
      this.knownBuckets.add(`${row.project_id}\u0000${row.name}`);
    }
  }

  checkpoint(journalId: string): number {
    const row = this.db.prepare('SELECT seq FROM intake_checkpoints WHERE journal_id = ?').get(journalId) as
      | { seq: number }
      | undefined;
    return row?.seq ?? 0;
  }

  write(batches: IntakeBatch[], journalId: string): SqliteWriteOutcome {
    const result: SqliteWriteOutcome = { ids: [], projects: [], buckets: [], tags: [], duplicates: 0 };
    const startId = this.nextId;
    const createdProjects: string[] = [];
    const createdBuckets: string[] = [];
    try {
      this.db.transaction(() => {
        const fresh = this.dropDuplicates(batches, result);
        const rows: LogRow[] = [];
        const tags: (Record<string, string> | null)[] = [];
        for (const { batch, log, at } of fresh) {
          if (this.ensureProject(batch.projectId, result)) createdProjects.push(batch.projectId);
          if (this.ensureBucket(batch.projectId, log.bucket, result)) createdBuckets.push(`${batch.projectId}\u0000${log.bucket}`);
          result.ids[at] = this.nextId;
          rows.push(intakeRow(this.nextId++, batch, log));
          tags.push(log.tags);
        }
        for (let i = 0; i < rows.length; i += WRITER.batchSize) this.insertChunk(rows.slice(i, i + WRITER.batchSize));
        this.indexTags(rows, tags, result);
        this.countByTime(rows);
        const seq = batches[batches.length - 1]?.seq ?? 0;
        this.stmt('checkpoint', () =>
          'INSERT INTO intake_checkpoints (journal_id, seq) VALUES (?, ?) ON CONFLICT (journal_id) DO UPDATE SET seq = excluded.seq',
        ).run(journalId, seq);
      })();
    } catch (error) {
      // The transaction rolled back: forget what it created so the retry creates it again.
      this.nextId = startId;
      for (const id of createdProjects) this.knownProjects.delete(id);
      for (const key of createdBuckets) this.knownBuckets.delete(key);
      throw error;
    }
    return result;
  }

  private creationTime(): number {
    this.lastCreatedAt = Math.max(Date.now(), this.lastCreatedAt + 1);
    return this.lastCreatedAt;
  }

  /** The first copy of an eventId wins: earlier in this write, or already stored. */
  private dropDuplicates(batches: IntakeBatch[], result: SqliteWriteOutcome): FreshLog[] {
    const seen = new Set<string>();
    const byProject = new Map<string, string[]>();
    for (const batch of batches) {
      for (const log of batch.logs) {
        if (log.eventId === null) continue;
        const ids = byProject.get(batch.projectId) ?? [];
        ids.push(log.eventId);
        byProject.set(batch.projectId, ids);
      }
    }
    for (const [projectId, ids] of byProject) {
      for (let i = 0; i < ids.length; i += 500) {
        const chunk = ids.slice(i, i + 500);
        const stored = this.stmt(`stored-events:${chunk.length}`, () =>
          `SELECT event_id FROM logs WHERE project_id = ? AND event_id IN (${new Array(chunk.length).fill('?').join(', ')})`,
        )
          .pluck()
          .all(projectId, ...chunk) as string[];
        for (const eventId of stored) seen.add(`${projectId}\u0000${eventId}`);
      }
    }
    const fresh: FreshLog[] = [];
    for (const batch of batches) {
      for (const log of batch.logs) {
        const at = result.ids.push(0) - 1;
        if (log.eventId !== null) {
          const key = `${batch.projectId}\u0000${log.eventId}`;
          if (seen.has(key)) {
            result.duplicates++;
            continue;
          }
          seen.add(key);
        }
        fresh.push({ batch, log, at });
      }
    }
    return fresh;
  }

  private ensureProject(projectId: string, result: SqliteWriteOutcome): boolean {
    if (this.knownProjects.has(projectId)) return false;
    const now = this.creationTime();
    this.stmt('workspace', () => 'INSERT OR IGNORE INTO workspaces (id, name, created_at) VALUES (?, ?, ?)').run(
      DEFAULT_WORKSPACE.id,
      DEFAULT_WORKSPACE.name,
      now,
    );
    const inserted = this.stmt('project', () =>
      'INSERT OR IGNORE INTO projects (id, name, workspace_id, created_at) VALUES (?, ?, ?, ?)',
    ).run(projectId, projectId, DEFAULT_WORKSPACE.id, now);
    this.knownProjects.add(projectId);
    if (inserted.changes === 0) return false;
    this.stmt('filter', () =>
      'INSERT OR IGNORE INTO saved_filters (id, project_id, name, query, is_default, created_at) VALUES (?, ?, ?, ?, 1, ?)',
    ).run(`${projectId}:all`, projectId, DEFAULT_FILTER_NAME, '{}', now);
    const project: Project = { id: projectId, name: projectId, workspaceId: DEFAULT_WORKSPACE.id, createdAt: new Date(now).toISOString() };
    result.projects.push(project);
    return true;
  }

  private ensureBucket(projectId: string, name: string, result: SqliteWriteOutcome): boolean {
    const key = `${projectId}\u0000${name}`;
    if (this.knownBuckets.has(key)) return false;
    const now = this.creationTime();
    const inserted = this.stmt('bucket', () => 'INSERT OR IGNORE INTO buckets (project_id, name, created_at) VALUES (?, ?, ?)').run(
      projectId,
      name,
      now,
    );
    this.knownBuckets.add(key);
    if (inserted.changes === 0) return false;
    const bucket: Bucket = { id: `${projectId}:${name}`, name, projectId, createdAt: new Date(now).toISOString() };
    result.buckets.push(bucket);
    return true;
  }

  private insertChunk(rows: LogRow[]): void {
    const logs = this.stmt(`logs:${rows.length}`, () =>
      `INSERT INTO logs (id, project_id, bucket, level, message, timestamp, tags, context, trace_id, user_id, session_id,
        env, app_name, app_version, event_id, created_at) VALUES ${placeholders(rows.length, LOG_INSERT_COLUMNS)}`,
    );
    const params: unknown[] = [];
    for (const r of rows) {
      params.push(r.id, r.project_id, r.bucket, r.level, r.message, r.timestamp, r.tags, r.context, r.trace_id, r.user_id,
        r.session_id, r.env, r.app_name, r.app_version, r.event_id, r.created_at);
    }
    logs.run(params);
    const fts = this.stmt(`fts:${rows.length}`, () => `INSERT INTO logs_fts (rowid, message) VALUES ${placeholders(rows.length, 2)}`);
    fts.run(rows.flatMap((r) => [r.id, r.message]));
  }

  /** Tag index rows, and the catalogue counts; a value counted for the first time is "discovered". */
  private indexTags(rows: LogRow[], tagsOf: (Record<string, string> | null)[], result: SqliteWriteOutcome): void {
    const tagRows: unknown[][] = [];
    const counts = new Map<string, { projectId: string; key: string; value: string; count: number }>();
    const byLevelAndBucket = new Map<string, unknown[]>();
    for (const [i, row] of rows.entries()) {
      const tags = tagsOf[i];
      if (!tags) continue;
      for (const [key, value] of Object.entries(tags)) {
        tagRows.push([row.project_id, key, value, row.id]);
        const id = `${row.project_id}\u0000${key}\u0000${value}`;
        const entry = counts.get(id) ?? { projectId: row.project_id, key, value, count: 0 };
        entry.count++;
        counts.set(id, entry);
        const cell = `${id}\u0000${row.level}\u0000${row.bucket}`;
        const tally = byLevelAndBucket.get(cell) ?? [row.project_id, key, value, row.level, row.bucket, 0];
        (tally[5] as number)++;
        byLevelAndBucket.set(cell, tally);
      }
    }
    for (let i = 0; i < tagRows.length; i += WRITER.batchSize * 4) {
      const chunk = tagRows.slice(i, i + WRITER.batchSize * 4);
      this.stmt(`tags:${chunk.length}`, () =>
        `INSERT OR IGNORE INTO log_tags (project_id, key, value, log_id) VALUES ${placeholders(chunk.length, 4)}`,
      ).run(chunk.flat());
    }
    const upsert = this.stmt('tag-values', () =>
      `INSERT INTO tag_values (project_id, key, value, count) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_id, key, value) DO UPDATE SET count = count + excluded.count RETURNING count`,
    );
    for (const entry of counts.values()) {
      const total = upsert.pluck().get(entry.projectId, entry.key, entry.value, entry.count) as number;
      if (total === entry.count) result.tags.push({ projectId: entry.projectId, key: entry.key, value: entry.value });
    }
    const tally = this.stmt('tag-counts', () =>
      `INSERT INTO tag_counts (project_id, key, value, level, bucket, count) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (project_id, key, value, level, bucket) DO UPDATE SET count = count + excluded.count`,
    );
    for (const cell of byLevelAndBucket.values()) tally.run(cell);
  }

  /** The rollups behind stats: per minute (level, bucket), per hour (level, bucket), per minute (level). */
  private countByTime(rows: LogRow[]): void {
    const rollups = [
      { table: 'log_counts', unit: 'minute', size: MINUTE, withBucket: true },
      { table: 'log_counts_hourly', unit: 'hour', size: HOUR, withBucket: true },
      { table: 'level_counts', unit: 'minute', size: MINUTE, withBucket: false },
    ];
    for (const rollup of rollups) {
      const counts = new Map<string, unknown[]>();
      for (const row of rows) {
        const slot = Math.floor(Number(row.timestamp) / rollup.size) * rollup.size;
        const key = [row.project_id, slot, row.level, ...(rollup.withBucket ? [row.bucket] : [])];
        const id = key.join('\u0000');
        const entry = counts.get(id) ?? [...key, 0];
        (entry[entry.length - 1] as number)++;
        counts.set(id, entry);
      }
      const columns = ['project_id', rollup.unit, 'level', ...(rollup.withBucket ? ['bucket'] : [])];
      const upsert = this.stmt(`counts:${rollup.table}`, () =>
        `INSERT INTO ${rollup.table} (${columns.join(', ')}, count) VALUES (${columns.map(() => '?').join(', ')}, ?)
         ON CONFLICT (${columns.join(', ')}) DO UPDATE SET count = count + excluded.count`,
      );
      for (const entry of counts.values()) upsert.run(entry);
    }
  }

  private stmt(key: string, sql: () => string): Statement {
    let statement = this.statements.get(key);
    if (!statement) {
      statement = this.db.prepare(sql());
      this.statements.set(key, statement);
    }
    return statement;
  }
}

export const placeholders = (rows: number, columns: number): string => {
  const row = `(${new Array(columns).fill('?').join(', ')})`;
  return new Array(rows).fill(row).join(', ');
};


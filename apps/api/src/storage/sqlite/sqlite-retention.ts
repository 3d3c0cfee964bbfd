import type { Database } from 'better-sqlite3';
import { HOUR, MINUTE } from '../histogram-edges';

const CHUNK = 5_000;

interface DoomedRow {
  id: number;
  project_id: string;
  level: string;
  bucket: string;
  timestamp: number;
  tags: string | null;
}

/**
 * Deletes the oldest logs past the retention bounds, with everything derived from them: the FTS
 * and tag index rows and the rollup counts, so facets stay exact. Works in chunks so the writer
 * is never locked out for long.
 */
export class SqliteRetention {
  constructor(private readonly db: Database) {}

  prune(olderThan: number | null, maxLogs: number | null): number {
    let cutoffId = 0;
    if (maxLogs !== null) {
      const row = this.db.prepare('SELECT id FROM logs ORDER BY id DESC LIMIT 1 OFFSET ?').get(maxLogs) as { id: number } | undefined;
      cutoffId = row?.id ?? 0;
    }
    if (olderThan === null && cutoffId === 0) return 0;
    const select = this.db.prepare(
      `SELECT id, project_id, level, bucket, timestamp, tags FROM logs WHERE id <= ? OR timestamp < ? ORDER BY id LIMIT ${CHUNK}`,
    );
    let deleted = 0;
    for (;;) {
      const rows = select.all(cutoffId, olderThan ?? Number.MIN_SAFE_INTEGER) as DoomedRow[];
      if (rows.length === 0) return deleted;
      this.db.transaction(() => this.deleteRows(rows))();
      deleted += rows.length;
    }
  }

  private deleteRows(rows: DoomedRow[]): void {
    const minuteCounts = new Map<string, unknown[]>();
    const hourCounts = new Map<string, unknown[]>();
    const levelCounts = new Map<string, unknown[]>();
    const tagCounts = new Map<string, unknown[]>();
    const valueCounts = new Map<string, unknown[]>();
    const bump = (map: Map<string, unknown[]>, key: unknown[]): void => {
      const id = key.join('\u0000');
      const entry = map.get(id) ?? [...key, 0];
      (entry[entry.length - 1] as number)++;
      map.set(id, entry);
    };
    const deleteTag = this.db.prepare('DELETE FROM log_tags WHERE project_id = ? AND key = ? AND value = ? AND log_id = ?');
    for (const row of rows) {
      const minute = Math.floor(row.timestamp / MINUTE) * MINUTE;
      bump(minuteCounts, [row.project_id, minute, row.level, row.bucket]);
      bump(hourCounts, [row.project_id, Math.floor(row.timestamp / HOUR) * HOUR, row.level, row.bucket]);
      bump(levelCounts, [row.project_id, minute, row.level]);
      if (!row.tags) continue;
      for (const [key, value] of Object.entries(JSON.parse(row.tags) as Record<string, string>)) {
        deleteTag.run(row.project_id, key, value, row.id);
        bump(tagCounts, [row.project_id, key, value, row.level, row.bucket]);
        bump(valueCounts, [row.project_id, key, value]);
      }
    }
    const ids = rows.map((row) => row.id);
    const list = ids.map(() => '?').join(',');
    this.db.prepare(`DELETE FROM logs_fts WHERE rowid IN (${list})`).run(...ids);
    this.db.prepare(`DELETE FROM logs WHERE id IN (${list})`).run(...ids);
    const minus = (table: string, columns: string[], entries: Iterable<unknown[]>): void => {
      const where = columns.map((column) => `${column} = ?`).join(' AND ');
      const update = this.db.prepare(`UPDATE ${table} SET count = count - ? WHERE ${where}`);
      for (const entry of entries) update.run(entry[entry.length - 1], ...entry.slice(0, -1));
      this.db.prepare(`DELETE FROM ${table} WHERE count <= 0`).run();
    };
    minus('log_counts', ['project_id', 'minute', 'level', 'bucket'], minuteCounts.values());
    minus('log_counts_hourly', ['project_id', 'hour', 'level', 'bucket'], hourCounts.values());
    minus('level_counts', ['project_id', 'minute', 'level'], levelCounts.values());
    minus('tag_counts', ['project_id', 'key', 'value', 'level', 'bucket'], tagCounts.values());
    minus('tag_values', ['project_id', 'key', 'value'], valueCounts.values());
  }
}

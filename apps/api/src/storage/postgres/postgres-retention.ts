import type { Pool } from 'pg';
import { HOUR, MINUTE } from '../histogram-edges';
import { addCounts, bigintParam, indexedTags, ROLLUPS, Tally } from './postgres-sql';

const CHUNK = 5_000;

interface DoomedRow {
  id: string;
  project_id: string;
  level: string;
  bucket: string;
  timestamp: string;
  tags: string | null;
}

/**
 * Deletes the oldest logs past the retention bounds with everything derived from them (tag
 * index rows, rollup counts), in chunks of one transaction each. Several instances may prune at
 * once: counts are taken from the rows each `DELETE ... RETURNING` really removed, so a log is
 * subtracted once.
 */
export class PostgresRetention {
  constructor(private readonly pool: Pool) {}

  async prune(olderThan: number | null, maxLogs: number | null): Promise<number> {
    let deleted = 0;
    if (maxLogs !== null) {
      const { rows } = await this.pool.query<{ id: string }>('SELECT id FROM logs ORDER BY id DESC LIMIT 1 OFFSET $1', [maxLogs]);
      if (rows.length > 0) {
        deleted += await this.deleteWhile('SELECT id FROM logs WHERE id <= $1 ORDER BY id LIMIT $2', Number(rows[0].id));
      }
    }
    if (olderThan !== null) {
      // The BRIN index on timestamp finds old rows (or proves there are none) without walking the table.
      deleted += await this.deleteWhile('SELECT id FROM logs WHERE timestamp < $1 ORDER BY id LIMIT $2', bigintParam(olderThan));
    }
    if (deleted > 0) {
      // Ranges stay valid bounds as logs go (ids only grow); an hour whose logs all went is dropped.
      await this.pool.query(
        'DELETE FROM log_id_ranges WHERE max_id < coalesce((SELECT min(id) FROM logs), 9223372036854775807)',
      );
    }
    return deleted;
  }

  private async deleteWhile(select: string, bound: number): Promise<number> {
    let deleted = 0;
    for (;;) {
      const { rows } = await this.pool.query<{ id: string }>(select, [bound, CHUNK]);
      if (rows.length === 0) return deleted;
      deleted += await this.deleteChunk(rows.map((row) => row.id));
      if (rows.length < CHUNK) return deleted;
    }
  }

  private async deleteChunk(ids: string[]): Promise<number> {
    const client = await this.pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const { rows } = await client.query<DoomedRow>(
        'DELETE FROM logs WHERE id = ANY($1::bigint[]) RETURNING id, project_id, level, bucket, timestamp, tags',
        [ids],
      );
      const tagKeys: [string, string, string, string][] = [];
      const rollups = {
        tagValues: new Tally(),
        tagCounts: new Tally(),
        minutes: new Tally(),
        hours: new Tally(),
        levels: new Tally(),
      };
      for (const row of rows) {
        const timestamp = Number(row.timestamp);
        const minute = Math.floor(timestamp / MINUTE) * MINUTE;
        rollups.minutes.add([row.project_id, minute, row.level, row.bucket]);
        rollups.hours.add([row.project_id, Math.floor(timestamp / HOUR) * HOUR, row.level, row.bucket]);
        rollups.levels.add([row.project_id, minute, row.level]);
        for (const [key, value] of indexedTags(row.tags)) {
          tagKeys.push([row.project_id, key, value, row.id]);
          rollups.tagValues.add([row.project_id, key, value]);
          rollups.tagCounts.add([row.project_id, key, value, row.level, row.bucket]);
        }
      }
      if (tagKeys.length > 0) {
        await client.query(
          `DELETE FROM log_tags WHERE (project_id, key, value, log_id) IN
            (SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::bigint[]))`,
          [0, 1, 2, 3].map((i) => tagKeys.map((tag) => tag[i])),
        );
      }
      // The writer's order (ROLLUPS), so a prune and a write never wait on each other in a cycle.
      await addCounts(client, ROLLUPS.tagValues, rollups.tagValues, -1);
      await addCounts(client, ROLLUPS.tagCounts, rollups.tagCounts, -1);
      await addCounts(client, ROLLUPS.minutes, rollups.minutes, -1);
      await addCounts(client, ROLLUPS.hours, rollups.hours, -1);
      await addCounts(client, ROLLUPS.levels, rollups.levels, -1);
      await client.query('COMMIT');
      return rows.length;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => (broken = true));
      throw error;
    } finally {
      client.release(broken);
    }
  }
}

import type { Pool, PoolClient } from 'pg';
import type { DataSource } from 'typeorm';

/**
 * The `pg` pool behind TypeORM's data source. The store talks to it directly: named prepared
 * statements and array parameters (`unnest`) are what make the writer fast, and TypeORM's
 * `query()` offers neither.
 */
export const poolOf = (dataSource: DataSource): Pool => (dataSource.driver as unknown as { master: Pool }).master;

/** Collects positional parameters (`$1`, `$2`, ...) while a statement is assembled. */
export class SqlParams {
  readonly values: unknown[] = [];

  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** PostgreSQL text cannot hold NUL; it is stored as U+FFFD (SQLite keeps it). */
export const pgText = <T extends string | null>(value: T): T => (value !== null && value.includes('\u0000') ? value.replace(/\u0000/g, '\uFFFD') : value) as T;

/** Numbers sent as bigint parameters: beyond 2^53 JavaScript prints exponents, which bigint does not parse. */
export const bigintParam = (value: number): number => Math.min(Number.MAX_SAFE_INTEGER, Math.max(Number.MIN_SAFE_INTEGER, value));

/** `%`, `_` and `\` are literal in a search: escaped for `ILIKE` (whose escape character is `\`). */
export const likePattern = (search: string): string => `%${pgText(search).replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A btree entry holds at most about 2.7 kB, so tag values longer than this stay in the log's JSON
 * but are not indexed (not filterable, not counted in facets) on PostgreSQL.
 */
const MAX_INDEXED_TAG_VALUE_BYTES = 1_024;

/** The tags of a log as the tag tables hold them: NUL replaced, over-long values left out. */
export function indexedTags(tagsJson: string | null): [string, string][] {
  if (!tagsJson) return [];
  const out: [string, string][] = [];
  for (const [key, value] of Object.entries(JSON.parse(tagsJson) as Record<string, string>)) {
    if (Buffer.byteLength(value) > MAX_INDEXED_TAG_VALUE_BYTES) continue;
    out.push([pgText(key), pgText(value)]);
  }
  return out;
}

/** A rollup table: its key columns (with their types) and a `count` column. */
export interface Rollup {
  table: string;
  columns: { name: string; type: 'text' | 'bigint' }[];
}

const text = (name: string) => ({ name, type: 'text' as const });
const bigint = (name: string) => ({ name, type: 'bigint' as const });

/**
 * Every rollup. The writer and retention update them in this order, and rows in key order inside
 * each table, so concurrent writes and prunes never wait on each other in a cycle.
 */
export const ROLLUPS = {
  tagValues: { table: 'tag_values', columns: [text('project_id'), text('key'), text('value')] },
  tagCounts: { table: 'tag_counts', columns: [text('project_id'), text('key'), text('value'), text('level'), text('bucket')] },
  minutes: { table: 'log_counts', columns: [text('project_id'), bigint('minute'), text('level'), text('bucket')] },
  hours: { table: 'log_counts_hourly', columns: [text('project_id'), bigint('hour'), text('level'), text('bucket')] },
  levels: { table: 'level_counts', columns: [text('project_id'), bigint('minute'), text('level')] },
} satisfies Record<string, Rollup>;

/** Counts by key: the key tuple (joined) maps to `[...key, count]`. */
export class Tally {
  readonly entries = new Map<string, unknown[]>();

  add(key: unknown[], n = 1): void {
    const id = key.join('\u0000');
    const entry = this.entries.get(id) ?? [...key, 0];
    (entry[entry.length - 1] as number) += n;
    this.entries.set(id, entry);
  }
}

/**
 * Adds the tally's counts to a rollup (negative counts subtract), one statement, rows in key
 * order. Returns each row's new count, keyed like the tally; rows that reach zero are deleted.
 */
export async function addCounts(client: PoolClient, rollup: Rollup, tally: Tally, sign: 1 | -1 = 1): Promise<Map<string, number>> {
  const totals = new Map<string, number>();
  if (tally.entries.size === 0) return totals;
  const keys = [...tally.entries.keys()].sort();
  const names = rollup.columns.map((column) => column.name);
  const arrays = [...rollup.columns, bigint('count')].map((_, i) => keys.map((key) => tally.entries.get(key)![i]));
  arrays[arrays.length - 1] = arrays[arrays.length - 1].map((count) => sign * (count as number));
  const casts = [...rollup.columns, bigint('count')].map((column, i) => `$${i + 1}::${column.type}[]`).join(', ');
  const { rows } = await client.query<Record<string, string>>({
    name: `logdesk-add-${rollup.table}`,
    text: `INSERT INTO ${rollup.table} (${names.join(', ')}, count) SELECT * FROM unnest(${casts})
      ON CONFLICT (${names.join(', ')}) DO UPDATE SET count = ${rollup.table}.count + excluded.count
      RETURNING ${names.join(', ')}, count`,
    values: arrays,
  });
  const emptied: Record<string, string>[] = [];
  for (const row of rows) {
    const count = Number(row.count);
    totals.set(names.map((name) => row[name]).join('\u0000'), count);
    if (count <= 0) emptied.push(row);
  }
  if (emptied.length > 0) {
    const columnCasts = rollup.columns.map((column, i) => `$${i + 1}::${column.type}[]`).join(', ');
    await client.query(
      `DELETE FROM ${rollup.table} WHERE (${names.join(', ')}) IN (SELECT * FROM unnest(${columnCasts})) AND count <= 0`,
      rollup.columns.map((column) => emptied.map((row) => row[column.name])),
    );
  }
  return totals;
}

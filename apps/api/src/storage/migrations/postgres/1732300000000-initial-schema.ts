import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The PostgreSQL schema: the same tables as SQLite. Every filter of `GET /api/logs` has a btree
 * that walks newest-first (`..., id`); substring search goes through a pg_trgm GIN index on
 * message; eventId deduplication is a unique index, so it holds across instances sharing the database.
 */
export class PostgresInitialSchema1732300000000 implements MigrationInterface {
  name = 'PostgresInitialSchema1732300000000';

  async up(runner: QueryRunner): Promise<void> {
    // Lands in the first schema of search_path unless an administrator installed it already (then it stays where it is).
    await runner.query('CREATE EXTENSION IF NOT EXISTS pg_trgm');
    const [{ schema }] = (await runner.query(
      `SELECT quote_ident(n.nspname) AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    // Byte order for every key column, as SQLite compares: the same sort of buckets and tag values
    // whatever the database's locale, and cheaper comparisons in the btrees. message keeps the
    // database's collation, whose case folding ILIKE uses.
    const C = 'COLLATE "C"';
    const statements = [
      `CREATE TABLE workspaces (id varchar(128) ${C} PRIMARY KEY, name varchar(256) ${C} NOT NULL, created_at bigint NOT NULL)`,
      `CREATE TABLE projects (id varchar(128) ${C} PRIMARY KEY, name varchar(256) ${C} NOT NULL,
        workspace_id varchar(128) ${C} NOT NULL REFERENCES workspaces(id), created_at bigint NOT NULL)`,
      `CREATE INDEX idx_projects_workspace ON projects (workspace_id)`,
      `CREATE TABLE buckets (project_id varchar(128) ${C} NOT NULL, name varchar(128) ${C} NOT NULL, created_at bigint NOT NULL,
        PRIMARY KEY (project_id, name))`,
      `CREATE TABLE saved_filters (id varchar(160) ${C} PRIMARY KEY, project_id varchar(128) ${C} NOT NULL,
        name varchar(256) ${C} NOT NULL, query text NOT NULL, is_default boolean NOT NULL, created_at bigint NOT NULL)`,
      `CREATE INDEX idx_saved_filters_project ON saved_filters (project_id, is_default)`,
      // One sequence for every instance: ids increase in insertion order within an instance and never collide.
      `CREATE TABLE logs (id bigserial PRIMARY KEY, project_id varchar(128) ${C} NOT NULL, bucket varchar(128) ${C} NOT NULL,
        level varchar(8) ${C} NOT NULL, message text NOT NULL, timestamp bigint NOT NULL, tags text, context text,
        trace_id varchar(256) ${C}, user_id varchar(256) ${C}, session_id varchar(256) ${C}, env varchar(256), app_name varchar(256),
        app_version varchar(256), event_id varchar(64) ${C}, created_at bigint NOT NULL)`,
      `CREATE INDEX idx_logs_project ON logs (project_id, id)`,
      `CREATE INDEX idx_logs_level ON logs (project_id, level, id)`,
      `CREATE INDEX idx_logs_bucket ON logs (project_id, bucket, id)`,
      // A project's first and last timestamps, and the partial minutes at the edges of stats.
      `CREATE INDEX idx_logs_time ON logs (project_id, timestamp)`,
      // Across projects, for retention only: a BRIN index is a few pages, and timestamps follow insertion order.
      `CREATE INDEX idx_logs_time_brin ON logs USING brin (timestamp)`,
      // Partial indexes: most logs carry no trace, so these stay small.
      `CREATE INDEX idx_logs_trace ON logs (project_id, trace_id, id) WHERE trace_id IS NOT NULL`,
      `CREATE INDEX idx_logs_user ON logs (project_id, user_id, id) WHERE user_id IS NOT NULL`,
      `CREATE INDEX idx_logs_session ON logs (project_id, session_id, id) WHERE session_id IS NOT NULL`,
      `CREATE UNIQUE INDEX ux_logs_event ON logs (project_id, event_id) WHERE event_id IS NOT NULL`,
      `CREATE INDEX idx_logs_message_trgm ON logs USING gin (message ${schema}.gin_trgm_ops)`,
      `CREATE TABLE log_tags (project_id varchar(128) ${C} NOT NULL, key varchar(64) ${C} NOT NULL, value text ${C} NOT NULL,
        log_id bigint NOT NULL, PRIMARY KEY (project_id, key, value, log_id))`,
      `CREATE TABLE tag_values (project_id varchar(128) ${C} NOT NULL, key varchar(64) ${C} NOT NULL, value text ${C} NOT NULL,
        count bigint NOT NULL, PRIMARY KEY (project_id, key, value))`,
      // Tag counts by level and bucket, kept at write time: tag facets under level/bucket filters need no scan.
      `CREATE TABLE tag_counts (project_id varchar(128) ${C} NOT NULL, key varchar(64) ${C} NOT NULL, value text ${C} NOT NULL,
        level varchar(8) ${C} NOT NULL, bucket varchar(128) ${C} NOT NULL, count bigint NOT NULL,
        PRIMARY KEY (project_id, key, value, level, bucket))`,
      // Per-minute and per-hour counts kept at write time, so level/bucket facets and histograms need no scan.
      `CREATE TABLE log_counts (project_id varchar(128) ${C} NOT NULL, minute bigint NOT NULL, level varchar(8) ${C} NOT NULL,
        bucket varchar(128) ${C} NOT NULL, count bigint NOT NULL, PRIMARY KEY (project_id, minute, level, bucket))`,
      `CREATE TABLE log_counts_hourly (project_id varchar(128) ${C} NOT NULL, hour bigint NOT NULL, level varchar(8) ${C} NOT NULL,
        bucket varchar(128) ${C} NOT NULL, count bigint NOT NULL, PRIMARY KEY (project_id, hour, level, bucket))`,
      `CREATE TABLE level_counts (project_id varchar(128) ${C} NOT NULL, minute bigint NOT NULL, level varchar(8) ${C} NOT NULL,
        count bigint NOT NULL, PRIMARY KEY (project_id, minute, level))`,
      // PostgreSQL only: the smallest and largest id of a project's logs per hour of their timestamps, so a
      // since/until range becomes an id window (a few rows read) that a newest-first page walks inside.
      `CREATE TABLE log_id_ranges (project_id varchar(128) ${C} NOT NULL, hour bigint NOT NULL, min_id bigint NOT NULL,
        max_id bigint NOT NULL, PRIMARY KEY (project_id, hour))`,
      // Keyed by the instance's data directory (its journal), which may be longer than an entity's 128 characters.
      `CREATE TABLE intake_checkpoints (journal_id text PRIMARY KEY, seq bigint NOT NULL)`,
    ];
    for (const sql of statements) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['log_id_ranges', 'log_counts', 'log_counts_hourly', 'level_counts', 'tag_counts', 'tag_values', 'log_tags', 'logs',
      'saved_filters', 'buckets', 'projects', 'workspaces', 'intake_checkpoints']) {
      await runner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}

import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The SQLite schema. Every filter of `GET /api/logs` has an index that walks newest-first
 * (`..., id`), so a page never sorts or scans; tags live in a WITHOUT ROWID table keyed the same
 * way; substring search goes through a contentless FTS5 trigram index.
 */
export class InitialSchema1732200000000 implements MigrationInterface {
  name = 'InitialSchema1732200000000';

  async up(runner: QueryRunner): Promise<void> {
    const statements = [
      `CREATE TABLE workspaces (id varchar(128) PRIMARY KEY NOT NULL, name varchar(256) NOT NULL, created_at bigint NOT NULL)`,
      `CREATE TABLE projects (id varchar(128) PRIMARY KEY NOT NULL, name varchar(256) NOT NULL,
        workspace_id varchar(128) NOT NULL REFERENCES workspaces(id), created_at bigint NOT NULL)`,
      `CREATE INDEX idx_projects_workspace ON projects (workspace_id)`,
      `CREATE TABLE buckets (project_id varchar(128) NOT NULL, name varchar(128) NOT NULL, created_at bigint NOT NULL,
        PRIMARY KEY (project_id, name)) WITHOUT ROWID`,
      `CREATE TABLE saved_filters (id varchar(160) PRIMARY KEY NOT NULL, project_id varchar(128) NOT NULL,
        name varchar(256) NOT NULL, query text NOT NULL, is_default boolean NOT NULL, created_at bigint NOT NULL)`,
      `CREATE INDEX idx_saved_filters_project ON saved_filters (project_id, is_default)`,
      // INTEGER PRIMARY KEY makes id the rowid: no separate primary-key index to maintain.
      `CREATE TABLE logs (id INTEGER PRIMARY KEY NOT NULL, project_id varchar(128) NOT NULL, bucket varchar(128) NOT NULL,
        level varchar(8) NOT NULL, message text NOT NULL, timestamp bigint NOT NULL, tags text, context text,
        trace_id varchar(256), user_id varchar(256), session_id varchar(256), env varchar(256), app_name varchar(256),
        app_version varchar(256), event_id varchar(64), created_at bigint NOT NULL)`,
      `CREATE INDEX idx_logs_project ON logs (project_id, id)`,
      `CREATE INDEX idx_logs_level ON logs (project_id, level, id)`,
      `CREATE INDEX idx_logs_bucket ON logs (project_id, bucket, id)`,
      `CREATE INDEX idx_logs_time ON logs (project_id, timestamp)`,
      // Partial indexes: most logs carry no trace, so these stay small.
      `CREATE INDEX idx_logs_trace ON logs (project_id, trace_id, id) WHERE trace_id IS NOT NULL`,
      `CREATE INDEX idx_logs_user ON logs (project_id, user_id, id) WHERE user_id IS NOT NULL`,
      `CREATE INDEX idx_logs_session ON logs (project_id, session_id, id) WHERE session_id IS NOT NULL`,
      `CREATE UNIQUE INDEX ux_logs_event ON logs (project_id, event_id) WHERE event_id IS NOT NULL`,
      `CREATE TABLE log_tags (project_id varchar(128) NOT NULL, key varchar(64) NOT NULL, value text NOT NULL,
        log_id bigint NOT NULL, PRIMARY KEY (project_id, key, value, log_id)) WITHOUT ROWID`,
      `CREATE TABLE tag_values (project_id varchar(128) NOT NULL, key varchar(64) NOT NULL, value text NOT NULL,
        count bigint NOT NULL, PRIMARY KEY (project_id, key, value)) WITHOUT ROWID`,
      // Tag counts by level and bucket, kept at write time: tag facets under level/bucket filters need no scan.
      `CREATE TABLE tag_counts (project_id varchar(128) NOT NULL, key varchar(64) NOT NULL, value text NOT NULL,
        level varchar(8) NOT NULL, bucket varchar(128) NOT NULL, count bigint NOT NULL,
        PRIMARY KEY (project_id, key, value, level, bucket)) WITHOUT ROWID`,
      // Per-minute counts kept at write time, so level/bucket facets and histograms need no scan.
      `CREATE TABLE log_counts (project_id varchar(128) NOT NULL, minute bigint NOT NULL, level varchar(8) NOT NULL,
        bucket varchar(128) NOT NULL, count bigint NOT NULL, PRIMARY KEY (project_id, minute, level, bucket)) WITHOUT ROWID`,
      // Coarser rollups of the same counts: a day is 24 hourly rows a level and bucket, and the
      // histogram without a bucket filter reads one row a minute and level.
      `CREATE TABLE log_counts_hourly (project_id varchar(128) NOT NULL, hour bigint NOT NULL, level varchar(8) NOT NULL,
        bucket varchar(128) NOT NULL, count bigint NOT NULL, PRIMARY KEY (project_id, hour, level, bucket)) WITHOUT ROWID`,
      `CREATE TABLE level_counts (project_id varchar(128) NOT NULL, minute bigint NOT NULL, level varchar(8) NOT NULL,
        count bigint NOT NULL, PRIMARY KEY (project_id, minute, level)) WITHOUT ROWID`,
      `CREATE VIRTUAL TABLE logs_fts USING fts5(message, content='', contentless_delete=1, tokenize='trigram')`,
      `CREATE TABLE intake_checkpoints (journal_id varchar(128) PRIMARY KEY NOT NULL, seq bigint NOT NULL)`,
    ];
    for (const sql of statements) await runner.query(sql);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const table of ['logs_fts', 'log_counts', 'log_counts_hourly', 'level_counts', 'tag_counts', 'tag_values', 'log_tags', 'logs', 'saved_filters', 'buckets',
      'projects', 'workspaces', 'intake_checkpoints']) {
      await runner.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}

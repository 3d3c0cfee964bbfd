/** Connection settings shared by the TypeORM connection (reads) and the writer thread's own. */
export function applySqlitePragmas(db: { pragma: (sql: string) => unknown }): void {
  // NORMAL is durable against a process crash in WAL mode; the intake journal covers the rest.
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('cache_size = -131072'); // 128 MiB of page cache
  db.pragma('mmap_size = 1073741824');
  db.pragma('temp_store = MEMORY');
  db.pragma('busy_timeout = 5000');
}

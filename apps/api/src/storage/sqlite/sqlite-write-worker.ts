import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { IntakeBatch } from '../../ingestion/intake-batch';
import { applySqlitePragmas } from './sqlite-pragmas';
import { SqliteWriter } from './sqlite-writer';

/** Requests the main thread sends; every one is answered with `{ id, result }` or `{ id, error }`. */
export type WriterRequest =
  | { id: number; type: 'write'; batches: IntakeBatch[]; journalId: string }
  | { id: number; type: 'checkpoint'; journalId: string };

/**
 * The SQLite writer thread: its own connection to the database file, so inserting, indexing and
 * full-text tokenising run on the second core while the HTTP thread keeps accepting requests.
 */
const db = new Database((workerData as { file: string }).file);
applySqlitePragmas(db);
const writer = new SqliteWriter(db);

parentPort!.on('message', (request: WriterRequest) => {
  try {
    const result = request.type === 'write' ? writer.write(request.batches, request.journalId) : writer.checkpoint(request.journalId);
    parentPort!.postMessage({ id: request.id, result });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: (error as Error).stack ?? String(error) });
  }
});

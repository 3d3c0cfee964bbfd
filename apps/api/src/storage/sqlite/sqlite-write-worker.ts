import Database from 'better-sqlite3';
import { parentPort, workerData } from 'node:worker_threads';
import type { IntakeBatch } from '../../ingestion/intake-batch';
import { applySqlitePragmas } from './sqlite-pragmas';
import { SqliteWriter } from './sqlite-writer';

/** Requests the main thread sends; every one is answered with `{ id, result }` or `{ id, error }`. */
export type WriterRequest =
  | { id: number; type: 'write'; batches: IntakeBatch[]; journalId: string; resume: boolean }
  | { id: number; type: 'checkpoint'; journalId: string };

/**
 * The SQLite writer thread: its own connection to the database file, so inserting, indexing and
 * full-text tokenising run on the second core while the HTTP thread keeps accepting requests.
 *
 * Writes are pipelined (the next one waits here while this one commits), so after a failed write
 * the ones already sent must not commit: their checkpoint would cover the failed logs. Every write
 * is refused until the main thread resends the failed one with `resume`.
 */
const db = new Database((workerData as { file: string }).file);
applySqlitePragmas(db);
const writer = new SqliteWriter(db);
let failed = false;

parentPort!.on('message', (request: WriterRequest) => {
  try {
    let result: unknown;
    if (request.type === 'checkpoint') {
      result = writer.checkpoint(request.journalId);
    } else {
      if (failed && !request.resume) throw new Error('Refused: an earlier write failed and has not been retried yet');
      failed = false;
      try {
        result = writer.write(request.batches, request.journalId);
      } catch (error) {
        failed = true;
        throw error;
      }
    }
    parentPort!.postMessage({ id: request.id, result });
  } catch (error) {
    parentPort!.postMessage({ id: request.id, error: (error as Error).stack ?? String(error) });
  }
});

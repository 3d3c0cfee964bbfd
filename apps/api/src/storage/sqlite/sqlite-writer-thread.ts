import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { IntakeBatch } from '../../ingestion/intake-batch';
import { recordsByProject } from '../log-record';
import type { WriteResult } from '../log-store';
import type { WriterRequest } from './sqlite-write-worker';
import type { SqliteWriteOutcome } from './sqlite-writer';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = WriterRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/**
 * The main thread's handle on the writer thread: requests in, promises out, in order. Several
 * writes may be in flight, so the thread never waits for this (busy) thread between transactions.
 */
export class SqliteWriterThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  /** A write failed: the thread refuses the rest until the failed one is resent (see sqlite-write-worker). */
  private failed = false;

  constructor(file: string) {
    this.worker = new Worker(join(__dirname, 'sqlite-write-worker.js'), { workerData: { file } });
    this.worker.on('message', (message: { id: number; result?: unknown; error?: string }) => {
      const waiting = this.pending.get(message.id);
      this.pending.delete(message.id);
      if (message.error !== undefined) waiting?.reject(new Error(message.error));
      else waiting?.resolve(message.result);
    });
    this.worker.on('error', (error) => this.failAll(error));
    this.worker.on('exit', (code) => this.failAll(new Error(`The SQLite writer thread exited with ${code}`)));
  }

  /**
   * Stores the batches in one transaction. After a failure, writes are refused until every write
   * sent before has been answered; the next one then resumes the thread (the caller resends from
   * the failed batch, so nothing commits out of order).
   */
  async write(batches: IntakeBatch[], journalId: string): Promise<WriteResult> {
    const resume = this.failed;
    if (resume && this.pending.size > 0) throw new Error('Refused: an earlier write failed and writes sent after it are still pending');
    this.failed = false;
    try {
      const outcome = (await this.send({ type: 'write', batches, journalId, resume })) as SqliteWriteOutcome;
      const { ids, ...rest } = outcome;
      return { ...rest, logsByProject: recordsByProject(batches, ids) };
    } catch (error) {
      this.failed = true;
      throw error;
    }
  }

  checkpoint(journalId: string): Promise<number> {
    return this.send({ type: 'checkpoint', journalId }) as Promise<number>;
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }

  private send(request: Request): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ ...request, id });
    });
  }

  private failAll(error: Error): void {
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

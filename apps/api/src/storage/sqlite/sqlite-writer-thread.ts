import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { IntakeBatch } from '../../ingestion/intake-batch';
import type { WriteResult } from '../log-store';
import type { WriterRequest } from './sqlite-write-worker';

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };
type Request = WriterRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** The main thread's handle on the writer thread: requests in, promises out, in order. */
export class SqliteWriterThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

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

  write(batches: IntakeBatch[], journalId: string): Promise<WriteResult> {
    return this.send({ type: 'write', batches, journalId }) as Promise<WriteResult>;
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

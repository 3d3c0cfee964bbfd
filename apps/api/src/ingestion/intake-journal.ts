import { randomUUID } from 'node:crypto';
import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readdirSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import type { IntakeBatch } from './intake-batch';

const SEGMENT_PREFIX = 'intake-';
const SEGMENT_SUFFIX = '.ndjson';
/** A new segment starts past this size, so committed segments can be deleted whole. */
const SEGMENT_BYTES = 64 * 1024 * 1024;

interface Segment {
  path: string;
  firstSeq: number;
  lastSeq: number;
}

/**
 * The intake journal: every accepted request is appended here (one JSON line) before `POST /logs`
 * answers 200. `writeSync` hands the bytes to the kernel, so they survive the process being killed
 * (SIGKILL); the writer's checkpoint (stored with the logs, in the same transaction) says how far
 * the database has them, and start-up replays the rest. Segments wholly below the checkpoint are
 * deleted.
 */
export class IntakeJournal {
  private readonly segments: Segment[] = [];
  private fd: number | null = null;
  private current: Segment | null = null;
  private currentBytes = 0;
  private nextSeq = 1;

  /**
   * This journal's identity, kept in its folder: the checkpoint row in a shared database is keyed by
   * it, so instances never mix their checkpoints even when their data directories share a path
   * (replicas of one container image).
   */
  get id(): string {
    const file = join(this.dir, 'journal-id');
    if (!existsSync(file)) writeFileSync(file, `${randomUUID()}\n`);
    return readFileSync(file, 'utf8').trim();
  }

  /** `warn` reports what recovery skips; kept free of Nest so the journal stands alone. */
  constructor(
    private readonly dir: string,
    private readonly warn: (message: string) => void = () => undefined,
  ) {
    mkdirSync(dir, { recursive: true });
  }

  /**
   * Reads every journaled request after `checkpoint` (in order) and positions the sequence past
   * the highest one seen. A torn last line (the process died mid-write, before its 200) is skipped.
   */
  recover(checkpoint: number): IntakeBatch[] {
    const pending: IntakeBatch[] = [];
    let highest = checkpoint;
    const files = readdirSync(this.dir)
      .filter((name) => name.startsWith(SEGMENT_PREFIX) && name.endsWith(SEGMENT_SUFFIX))
      .sort((a, b) => this.segmentStart(a) - this.segmentStart(b));
    for (const name of files) {
      const path = join(this.dir, name);
      const segment: Segment = { path, firstSeq: this.segmentStart(name), lastSeq: 0 };
      for (const line of readFileSync(path, 'utf8').split('\n')) {
        if (!line) continue;
        let batch: IntakeBatch;
        try {
          batch = JSON.parse(line) as IntakeBatch;
        } catch {
          this.warn(`Skipping a torn line in ${name}`);
          continue;
        }
        segment.lastSeq = Math.max(segment.lastSeq, batch.seq);
        highest = Math.max(highest, batch.seq);
        if (batch.seq > checkpoint) pending.push(batch);
      }
      this.segments.push(segment);
    }
    this.nextSeq = highest + 1;
    this.release(checkpoint);
    return pending;
  }

  /** Appends one request and returns it with its sequence number; throws if the disk refuses. */
  append(batch: Omit<IntakeBatch, 'seq'>): IntakeBatch {
    const stamped: IntakeBatch = { seq: this.nextSeq, ...batch };
    const line = Buffer.from(JSON.stringify(stamped) + '\n');
    if (!this.current || this.currentBytes + line.length > SEGMENT_BYTES) this.rotate();
    writeSync(this.fd!, line);
    this.nextSeq++;
    this.currentBytes += line.length;
    this.current!.lastSeq = stamped.seq;
    return stamped;
  }

  /** Deletes segments whose every request is committed (seq <= checkpoint), except the open one. */
  release(checkpoint: number): void {
    while (this.segments.length > 0) {
      const oldest = this.segments[0];
      if (oldest === this.current || oldest.lastSeq > checkpoint) break;
      this.segments.shift();
      try {
        unlinkSync(oldest.path);
      } catch (error) {
        this.warn(`Could not delete ${oldest.path}: ${(error as Error).message}`);
      }
    }
  }

  close(): void {
    if (this.fd === null) return;
    fsyncSync(this.fd);
    closeSync(this.fd);
    this.fd = null;
    this.current = null;
  }

  private rotate(): void {
    if (this.fd !== null) closeSync(this.fd);
    const path = join(this.dir, `${SEGMENT_PREFIX}${String(this.nextSeq).padStart(12, '0')}${SEGMENT_SUFFIX}`);
    this.fd = openSync(path, 'a');
    this.current = { path, firstSeq: this.nextSeq, lastSeq: this.nextSeq - 1 };
    this.currentBytes = 0;
    this.segments.push(this.current);
  }

  private segmentStart(name: string): number {
    return Number(name.slice(SEGMENT_PREFIX.length, -SEGMENT_SUFFIX.length));
  }
}

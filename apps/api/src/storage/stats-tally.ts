import { LOG_LEVELS, type HistogramBin, type LogLevel, type TagFacet } from '@logdesk/contracts';
import { binOf } from './histogram-edges';
import type { LogFilter } from './log-store';

/**
 * Counts for one `GET /api/logs/stats` answer, shared by both engines: each dimension leaves its
 * own filter out of its counts (facets), the histogram counts what every filter matches.
 */
export class StatsTally {
  readonly byLevel = Object.fromEntries(LOG_LEVELS.map((level) => [level, 0])) as Record<LogLevel, number>;
  readonly byBucket: Record<string, number> = {};
  total = 0;
  readonly bins: HistogramBin[];
  private readonly levels: Set<string> | null;
  private readonly buckets: Set<string> | null;

  /** @param storedBucket how the engine stores a bucket name (PostgreSQL replaces NUL), to compare like with like. */
  constructor(filter: LogFilter, readonly edges: number[], storedBucket: (name: string) => string = (name) => name) {
    this.levels = filter.levels?.length ? new Set(filter.levels) : null;
    this.buckets = filter.buckets?.length ? new Set(filter.buckets.map(storedBucket)) : null;
    this.bins = edges.slice(0, -1).map((start, i) => ({ start, end: edges[i + 1], counts: {} }));
  }

  count(level: LogLevel, bucket: string, n: number): void {
    const levelOk = !this.levels || this.levels.has(level);
    const bucketOk = !this.buckets || this.buckets.has(bucket);
    if (bucketOk) this.byLevel[level] += n;
    if (levelOk) this.byBucket[bucket] = (this.byBucket[bucket] ?? 0) + n;
    if (levelOk && bucketOk) this.total += n;
  }

  plot(timestamp: number, level: LogLevel, bucket: string, n: number): void {
    if ((this.levels && !this.levels.has(level)) || (this.buckets && !this.buckets.has(bucket))) return;
    this.plotMatching(timestamp, level, n);
  }

  /** For counts already filtered by level and bucket. */
  plotMatching(timestamp: number, level: LogLevel, n: number): void {
    const bin = binOf(this.edges, timestamp);
    if (bin >= 0) this.bins[bin].counts[level] = (this.bins[bin].counts[level] ?? 0) + n;
  }
}

/** Rows of (key, value, count), ordered, grouped into facets. Counts may arrive as strings (pg bigint). */
export function toFacets(rows: { key: string; value: string; count: number | string }[]): TagFacet[] {
  const facets = new Map<string, TagFacet>();
  for (const row of rows) {
    const facet = facets.get(row.key) ?? { key: row.key, values: [] };
    facet.values.push({ value: row.value, count: Number(row.count) });
    facets.set(row.key, facet);
  }
  return [...facets.values()];
}

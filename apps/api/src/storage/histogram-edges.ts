const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Past this bin width, inner edges snap to whole minutes so per-minute rollups fill bins exactly. */
const SNAP_FROM_WIDTH = 5 * MINUTE;

export interface HistogramEdges {
  /** n + 1 increasing edges: bin i is [edges[i], edges[i + 1]). */
  edges: number[];
  /** Inner edges are whole minutes: every minute falls in exactly one bin. */
  snapped: boolean;
}

/**
 * Exactly `n` bins spanning [start, end). Bins are as equal as integers allow; when they are
 * wider than five minutes, inner edges move to the minute they fall in (a bin differs from its
 * neighbour by under a minute), which lets the counts come from per-minute rollups exactly.
 */
export function histogramEdges(start: number, end: number, n: number): HistogramEdges {
  const range = end - start;
  const snapped = range / n >= SNAP_FROM_WIDTH;
  const edges = Array.from({ length: n + 1 }, (_, i) => {
    if (i === 0) return start;
    if (i === n) return end;
    const edge = start + Math.ceil((i * range) / n);
    return snapped ? Math.floor(edge / MINUTE) * MINUTE : edge;
  });
  return { edges, snapped };
}

/** The bin holding `timestamp` (binary search), or -1 outside [first edge, last edge). */
export function binOf(edges: number[], timestamp: number): number {
  if (timestamp < edges[0] || timestamp >= edges[edges.length - 1]) return -1;
  let low = 0;
  let high = edges.length - 2;
  while (low < high) {
    const middle = (low + high + 1) >> 1;
    if (edges[middle] <= timestamp) low = middle;
    else high = middle - 1;
  }
  return low;
}

export { HOUR, MINUTE };

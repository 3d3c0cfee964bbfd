import { binOf, histogramEdges, MINUTE } from './histogram-edges';

describe(histogramEdges.name, () => {
  it('makes exactly n bins spanning the range, even when the range is shorter than n', () => {
    for (const [start, end, n] of [[0, 10, 60], [5, 1000, 7], [1_000, 1_000 + 86_400_000, 60], [123, 124, 3]]) {
      const { edges } = histogramEdges(start, end, n);
      expect(edges).toHaveLength(n + 1);
      expect(edges[0]).toBe(start);
      expect(edges[n]).toBe(end);
      for (let i = 1; i <= n; i++) expect(edges[i]).toBeGreaterThanOrEqual(edges[i - 1]);
    }
  });

  it('snaps inner edges to whole minutes once bins are wider than five minutes', () => {
    const start = 1_700_000_012_345;
    const { edges, snapped } = histogramEdges(start, start + 86_400_000, 60);
    expect(snapped).toBe(true);
    for (const edge of edges.slice(1, -1)) expect(edge % MINUTE).toBe(0);
    expect(histogramEdges(0, 60 * MINUTE, 60).snapped).toBe(false);
  });

  it('puts each timestamp in the bin whose edges hold it', () => {
    const { edges } = histogramEdges(0, 100, 4);
    expect([0, 24, 25, 99, 100, -1].map((t) => binOf(edges, t))).toEqual([0, 0, 1, 3, -1, -1]);
  });
});

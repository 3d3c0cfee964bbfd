import { startLogdesk, type LogdeskProcess } from './support/logdesk-process';
import { getJson, log, postLogs, waitFor, waitForLogs } from './support/http';

// Logs spread over about a day, so histograms are wide enough to come from the per-minute rollups.
const T0 = 1_800_000_017_777;
const LEVELS = ['debug', 'info', 'warn', 'error', 'fatal'];
const fixture = Array.from({ length: 300 }, (_, i) => ({
  level: LEVELS[(i * 7) % 5],
  bucket: `b${i % 3}`,
  timestamp: T0 + i * 290_017,
  tags: { region: ['eu', 'us'][i % 2], shard: `s${i % 4}` },
  message: i % 9 === 0 ? `needle ${i}` : `hay ${i}`,
}));

type Fixture = (typeof fixture)[number];

/** The oracle: counts computed from the fixture itself with the contract's facet rule. */
function expected(match: { levels?: string[]; buckets?: string[]; since?: number; until?: number; search?: string }, edges: number[]) {
  const inTime = (l: Fixture) => (match.since === undefined || l.timestamp >= match.since) && (match.until === undefined || l.timestamp < match.until);
  const level = (l: Fixture) => !match.levels || match.levels.includes(l.level);
  const bucket = (l: Fixture) => !match.buckets || match.buckets.includes(l.bucket);
  const search = (l: Fixture) => !match.search || l.message.includes(match.search);
  const base = fixture.filter((l) => inTime(l) && search(l));
  const byLevel = Object.fromEntries(LEVELS.map((lv) => [lv, base.filter((l) => bucket(l) && l.level === lv).length]));
  const byBucket: Record<string, number> = {};
  for (const l of base.filter(level)) byBucket[l.bucket] = (byBucket[l.bucket] ?? 0) + 1;
  const matching = base.filter((l) => level(l) && bucket(l));
  const bins = edges.slice(0, -1).map((start, i) => {
    const counts: Record<string, number> = {};
    for (const l of matching) if (l.timestamp >= start && l.timestamp < edges[i + 1]) counts[l.level] = (counts[l.level] ?? 0) + 1;
    return counts;
  });
  return { total: matching.length, byLevel, byBucket, bins, matching };
}

describe('GET /api/logs/stats over a wide range', () => {
  let server: LogdeskProcess;
  beforeAll(async () => {
    server = await startLogdesk();
    await postLogs(server.url, { projectId: 'wide', logs: fixture.map((f) => log(f)) });
    await waitForLogs(server.url, 'wide', fixture.length);
  });
  afterAll(() => server.stop());

  it.each([
    ['no filter', {}],
    ['level and bucket', { levels: ['error', 'warn'], buckets: ['b1'] }],
    ['a range cut mid-minute', { since: T0 + 3_600_123, until: T0 + 50_000_321 }],
    ['a range and a level', { since: T0 + 10_000_000, levels: ['info'] }],
    ['a search (counted from the logs themselves)', { search: 'needle' }],
  ])('counts exactly with %s', async (_name, match: any) => {
    const params = new URLSearchParams({ projectId: 'wide' });
    if (match.levels) params.set('level', match.levels.join(','));
    if (match.buckets) params.set('bucket', match.buckets.join(','));
    if (match.since !== undefined) params.set('since', String(match.since));
    if (match.until !== undefined) params.set('until', String(match.until));
    if (match.search) params.set('search', match.search);
    const stats = (await getJson(`${server.url}/api/logs/stats?${params}`)).body;
    expect(stats.histogram).toHaveLength(60);
    const edges = [...stats.histogram.map((bin: any) => bin.start), stats.histogram[59].end];
    for (let i = 0; i < 60; i++) expect(stats.histogram[i].end).toBe(stats.histogram[i + 1]?.start ?? stats.histogram[i].end);
    const oracle = expected(match, edges);
    expect(stats.total).toBe(oracle.total);
    expect(stats.byLevel).toEqual(oracle.byLevel);
    expect(stats.byBucket).toEqual(oracle.byBucket);
    expect(stats.histogram.map((bin: any) => bin.counts)).toEqual(oracle.bins);
    // The histogram spans since/until when given, else the first to the last matching log.
    expect(edges[0]).toBe(match.since ?? Math.min(...oracle.matching.map((l) => l.timestamp)));
    expect(edges[60]).toBe(match.until ?? Math.max(...oracle.matching.map((l) => l.timestamp)) + 1);
  });

  it('counts tag values under level and bucket filters from the rollups', async () => {
    const stats = (await getJson(`${server.url}/api/logs/stats?projectId=wide&level=fatal&bucket=b0,b2`)).body;
    const matching = fixture.filter((l) => l.level === 'fatal' && l.bucket !== 'b1');
    const count = (key: 'region' | 'shard', value: string) => matching.filter((l) => l.tags[key] === value).length;
    const region = stats.tags.find((t: any) => t.key === 'region');
    expect(region.values).toEqual(
      ['eu', 'us'].map((value) => ({ value, count: count('region', value) })).filter((v) => v.count > 0).sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)),
    );
  });
});

describe('retention', () => {
  it('keeps at most LOGDESK_MAX_LOGS logs, oldest deleted first, with facets that follow', async () => {
    const first = await startLogdesk();
    await postLogs(first.url, { projectId: 'keep', logs: Array.from({ length: 30 }, (_, i) => log({ message: `m${i}`, tags: { n: String(i % 2) } })) });
    await waitForLogs(first.url, 'keep', 30);
    await first.stop();
    const second = await startLogdesk({ dataDir: first.dataDir, env: { LOGDESK_MAX_LOGS: '10' } });
    try {
      const page = await waitFor(async () => {
        const current = (await getJson(`${second.url}/api/logs?projectId=keep`)).body;
        return current.count === 10 ? current : null;
      }, 'retention down to 10 logs', 20_000);
      expect(page.logs.map((l: any) => l.message)).toEqual(Array.from({ length: 10 }, (_, i) => `m${29 - i}`));
      const stats = (await getJson(`${second.url}/api/logs/stats?projectId=keep`)).body;
      expect(stats.total).toBe(10);
      expect(stats.tags).toEqual([{ key: 'n', values: [{ value: '0', count: 5 }, { value: '1', count: 5 }] }]);
      expect((await getJson(`${second.url}/api/projects/keep/tags`)).body[0].values).toEqual([{ value: '0', count: 5 }, { value: '1', count: 5 }]);
    } finally {
      await second.stop();
    }
  });
});

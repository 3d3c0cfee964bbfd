import { startLogdesk, type LogdeskProcess } from './support/logdesk-process';
import { getJson, log, postLogs, waitForLogs } from './support/http';

const T0 = 1_800_000_000_000;

/** 40 logs with known fields, so every filter has an exact expected answer. */
const fixture = Array.from({ length: 40 }, (_, i) =>
  log({
    level: ['debug', 'info', 'warn', 'error', 'fatal'][i % 5],
    bucket: i % 2 === 0 ? 'api' : 'worker',
    message: i % 10 === 0 ? `Payment FAILED for order ${i}` : `request ${i} served`,
    timestamp: T0 + i * 1000,
    tags: { region: ['eu', 'us', 'ap'][i % 3], tier: i < 20 ? 'free' : 'paid' },
    traceId: `trace-${i % 4}`,
    userId: `user-${i % 2}`,
    sessionId: `session-${i % 8}`,
  }),
);

describe('read endpoints', () => {
  let server: LogdeskProcess;
  let api: string;
  const query = async (params: string) => (await getJson(`${api}/logs?projectId=q&${params}`)).body;
  const indexes = (logs: any[]) => logs.map((l) => Number(l.message.match(/\d+/)![0]));

  beforeAll(async () => {
    server = await startLogdesk();
    api = `${server.url}/api`;
    await postLogs(server.url, { projectId: 'q', logs: fixture });
    await postLogs(server.url, { projectId: 'other', logs: [log({ message: 'elsewhere', level: 'error' })] });
    await waitForLogs(server.url, 'q', 40);
    await waitForLogs(server.url, 'other', 1);
  });
  afterAll(() => server.stop());

  it('lists newest first by id with count and hasMore, and pages with beforeId', async () => {
    const first = await query('limit=15');
    expect(first.count).toBe(15);
    expect(first.hasMore).toBe(true);
    expect(indexes(first.logs)).toEqual(Array.from({ length: 15 }, (_, i) => 39 - i));
    const ids = first.logs.map((l: any) => l.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const second = await query(`limit=15&beforeId=${Math.min(...ids)}`);
    expect(indexes(second.logs)).toEqual(Array.from({ length: 15 }, (_, i) => 24 - i));
    const last = await query(`limit=15&beforeId=${Math.min(...second.logs.map((l: any) => l.id))}`);
    expect(last.count).toBe(10);
    expect(last.hasMore).toBe(false);
    const exact = await query('limit=40');
    expect(exact.hasMore).toBe(false);
  });

  it('filters by level and bucket lists (OR within a list)', async () => {
    const levels = await query('level=error,FATAL&limit=1000');
    expect(levels.logs.every((l: any) => ['error', 'fatal'].includes(l.level))).toBe(true);
    expect(levels.count).toBe(16);
    const bucket = await query('bucket=worker&level=info');
    expect(indexes(bucket.logs).sort((a, b) => a - b)).toEqual([1, 11, 21, 31]);
  });

  it('searches message substrings case-insensitively, short and long', async () => {
    expect(indexes((await query('search=payment failed')).logs)).toEqual([30, 20, 10, 0]);
    expect(indexes((await query('search=FaIlEd%20for')).logs)).toEqual([30, 20, 10, 0]);
    expect(indexes((await query('search=39')).logs)).toEqual([39]);
    expect((await query('search=nothing-like-this')).count).toBe(0);
  });

  it('filters tags as JSON (AND across keys, OR in an array) or as pairs', async () => {
    const json = await query(`tags=${encodeURIComponent(JSON.stringify({ region: ['eu', 'us'], tier: 'paid' }))}&limit=1000`);
    const expected = fixture.map((_, i) => i).filter((i) => i % 3 !== 2 && i >= 20).reverse();
    expect(indexes(json.logs)).toEqual(expected);
    const pairs = await query('tags=region:eu,region:us,tier:paid&limit=1000');
    expect(indexes(pairs.logs)).toEqual(expected);
    const withSearch = await query('tags=tier:free&search=payment');
    expect(indexes(withSearch.logs)).toEqual([10, 0]);
  });

  it('filters by traceId, userId, sessionId and the since/until range', async () => {
    expect(indexes((await query('traceId=trace-1&limit=1000')).logs)).toEqual([37, 33, 29, 25, 21, 17, 13, 9, 5, 1]);
    expect((await query('userId=user-0&limit=1000')).count).toBe(20);
    expect(indexes((await query('sessionId=session-3')).logs)).toEqual([35, 27, 19, 11, 3]);
    expect(indexes((await query(`since=${T0 + 5000}&until=${T0 + 8000}`)).logs)).toEqual([7, 6, 5]);
  });

  it('returns no logs for an unknown project and 400s for bad parameters', async () => {
    expect(await query('').then(() => getJson(`${api}/logs?projectId=nope`)).then((r) => r.body)).toEqual({ logs: [], count: 0, hasMore: false });
    for (const params of ['', 'projectId=q&level=verbose', 'projectId=q&limit=0', 'projectId=q&limit=abc', 'projectId=q&tags=%7Bbad', 'projectId=q&tags=novalue', 'projectId=q&since=yesterday']) {
      const response = await getJson(`${api}/logs?${params}`);
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ statusCode: 400, error: 'Bad Request', details: [expect.objectContaining({ path: expect.any(String) })] });
    }
    expect((await query('limit=5000')).count).toBe(40);
  });

  it('tails the newest logs across projects, default 20, clamped to 100', async () => {
    const tail = (await getJson(`${api}/logs/tail`)).body;
    expect(tail.count).toBe(20);
    expect(tail.logs[0].message).toBe('elsewhere');
    expect(Object.keys(tail).sort()).toEqual(['count', 'logs']);
    expect((await getJson(`${api}/logs/tail?limit=1000`)).body.count).toBe(41);
    const errors = (await getJson(`${api}/logs/tail?level=error&limit=3`)).body;
    expect(errors.logs.map((l: any) => l.level)).toEqual(['error', 'error', 'error']);
    expect(errors.logs[0].projectId).toBe('other');
  });

  it('returns one log by id, 404 otherwise', async () => {
    const [newest] = (await query('limit=1')).logs;
    expect((await getJson(`${api}/logs/${newest.id}`)).body).toEqual(newest);
    const missing = await getJson(`${api}/logs/999999`);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ statusCode: 404, error: 'Not Found' });
  });

  it('returns the context of a log in ascending order, scoped by bucket, trace, session or user', async () => {
    const all = (await query('limit=1000')).logs.reverse();
    const middle = all[20];
    const plain = (await getJson(`${api}/logs/${middle.id}/context?before=3&after=2`)).body;
    expect(plain.log).toEqual(middle);
    expect(indexes(plain.before)).toEqual([17, 18, 19]);
    expect(indexes(plain.after)).toEqual([21, 22]);
    const trace = (await getJson(`${api}/logs/${middle.id}/context?by=trace&before=2&after=2`)).body;
    expect(indexes(trace.before)).toEqual([12, 16]);
    expect(indexes(trace.after)).toEqual([24, 28]);
    const bucket = (await getJson(`${api}/logs/${middle.id}/context?by=bucket&before=1&after=1`)).body;
    expect(indexes([...bucket.before, ...bucket.after])).toEqual([18, 22]);
    const defaults = (await getJson(`${api}/logs/${all[0].id}/context`)).body;
    expect(defaults.before).toEqual([]);
    expect(defaults.after).toHaveLength(25);
    expect((await getJson(`${api}/logs/${middle.id}/context?by=planet`)).status).toBe(400);
    const onlyAfter = (await getJson(`${api}/logs/${middle.id}/context?before=0&after=1`)).body;
    expect([onlyAfter.before, indexes(onlyAfter.after)]).toEqual([[], [21]]);
    const clamped = (await getJson(`${api}/logs/${all[0].id}/context?after=100000`)).body;
    expect(clamped.after).toHaveLength(39);
  });

  it('counts facets under the filters, leaving out each dimension its own filter', async () => {
    const stats = (await getJson(`${api}/logs/stats?projectId=q&level=error&bucket=api`)).body;
    // level=error and bucket=api: 4 logs (i = 8, 18, 28, 38).
    expect(stats.total).toBe(4);
    // Even i cycles through all five levels; the level filter is left out of its own counts.
    expect(stats.byLevel).toEqual({ debug: 4, info: 4, warn: 4, error: 4, fatal: 4 });
    expect(stats.byBucket).toEqual({ api: 4, worker: 4 });
    const region = stats.tags.find((t: any) => t.key === 'region');
    expect(region.values).toEqual([{ value: 'ap', count: 2 }, { value: 'us', count: 1 }, { value: 'eu', count: 1 }].sort((a, b) => b.count - a.count || a.value.localeCompare(b.value)));
    const tagged = (await getJson(`${api}/logs/stats?projectId=q&tags=region:eu`)).body;
    expect(tagged.total).toBe(14);
    expect(tagged.tags.find((t: any) => t.key === 'region').values.map((v: any) => v.count)).toEqual([14, 13, 13]);
  });

  it('builds a histogram of exactly `buckets` bins spanning the range, stacked by level', async () => {
    const stats = (await getJson(`${api}/logs/stats?projectId=q&since=${T0}&until=${T0 + 40_000}&buckets=4`)).body;
    expect(stats.histogram).toHaveLength(4);
    expect(stats.histogram[0]).toEqual({ start: T0, end: T0 + 10_000, counts: { debug: 2, info: 2, warn: 2, error: 2, fatal: 2 } });
    expect(stats.histogram[3].end).toBe(T0 + 40_000);
    const spanned = (await getJson(`${api}/logs/stats?projectId=q`)).body;
    expect(spanned.histogram).toHaveLength(60);
    expect(spanned.histogram[0].start).toBe(T0);
    expect(spanned.histogram[59].end).toBe(T0 + 39_001);
    const sum = spanned.histogram.reduce((n: number, bin: any) => n + Object.values(bin.counts as Record<string, number>).reduce((a, b) => a + b, 0), 0);
    expect(sum).toBe(40);
  });

  it('exports every matching log as NDJSON or CSV', async () => {
    const ndjson = await fetch(`${api}/logs/export?projectId=q&level=fatal&format=ndjson`);
    expect(ndjson.headers.get('content-type')).toContain('application/x-ndjson');
    expect(ndjson.headers.get('content-disposition')).toContain('attachment');
    const lines = (await ndjson.text()).trim().split('\n').map((line) => JSON.parse(line));
    expect(indexes(lines)).toEqual([39, 34, 29, 24, 19, 14, 9, 4]);
    const csv = await fetch(`${api}/logs/export?projectId=q&search=payment&format=csv`);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = (await csv.text()).trim().split('\r\n');
    expect(rows[0].split(',').slice(0, 4)).toEqual(['id', 'timestamp', 'time', 'level']);
    expect(rows).toHaveLength(5);
    expect(rows[1]).toContain('Payment FAILED for order 30');
    expect((await fetch(`${api}/logs/export?projectId=q&format=xml`)).status).toBe(400);
  });

  it('lists projects by creation, tags with counts, and 404s unknown projects', async () => {
    const projects = (await getJson(`${api}/projects`)).body;
    expect(projects.map((p: any) => p.id)).toEqual(['q', 'other']);
    const tags = (await getJson(`${api}/projects/q/tags`)).body;
    expect(tags).toEqual([
      { key: 'region', values: [{ value: 'eu', count: 14 }, { value: 'ap', count: 13 }, { value: 'us', count: 13 }] },
      { key: 'tier', values: [{ value: 'free', count: 20 }, { value: 'paid', count: 20 }] },
    ]);
    for (const path of ['projects/none', 'projects/none/buckets', 'projects/none/tags', 'projects/none/filters']) {
      expect((await getJson(`${api}/${path}`)).status).toBe(404);
    }
  });
});

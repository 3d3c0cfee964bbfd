import type { LogRecord } from '@logdesk/contracts';
import {
  EMPTY_FILTERS,
  type ExplorerFilters,
  filtersFromSavedQuery,
  hasNarrowingFilters,
  matchesFilters,
  parseFilters,
  sameFilters,
  sameQuery,
  toLogQuery,
  toQueryParams,
  toRouterQueryParams,
  toSubscribeRequest,
} from './filter-state';

const params = (query: string) => new URLSearchParams(query);

const log = (overrides: Partial<LogRecord> = {}): LogRecord => ({
  id: 1,
  projectId: 'shop',
  bucket: 'checkout',
  level: 'error',
  message: 'Payment DECLINED for order 42',
  timestamp: 1_000_000,
  tags: { env: 'prod', region: 'eu' },
  context: null,
  traceId: 't-1',
  userId: 'u-1',
  sessionId: 's-1',
  env: 'prod',
  appName: null,
  appVersion: null,
  eventId: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  ...overrides,
});

describe(parseFilters.name, () => {
  it('reads every GET /api/logs parameter name', () => {
    const filters = parseFilters(
      params(
        'level=warn,error&bucket=api,jobs&tags=env:prod&search=timeout&traceId=t1&userId=u1&sessionId=s1&since=100&until=200',
      ),
    );
    expect(filters).toEqual<ExplorerFilters>({
      levels: ['warn', 'error'],
      buckets: ['api', 'jobs'],
      tags: { env: ['prod'] },
      search: 'timeout',
      traceId: 't1',
      userId: 'u1',
      sessionId: 's1',
      range: { kind: 'custom', since: 100, until: 200 },
      live: true,
    });
  });

  it('gives the defaults for an empty query string', () => {
    expect(parseFilters(params(''))).toEqual(EMPTY_FILTERS);
  });

  it('keeps levels in severity order, lower-cases them and drops unknown ones', () => {
    expect(parseFilters(params('level=FATAL,bogus,debug,debug')).levels).toEqual(['debug', 'fatal']);
  });

  it('reads tags in the JSON form with OR arrays', () => {
    const filters = parseFilters(params(`tags=${encodeURIComponent('{"env":"prod","region":["eu","us"]}')}`));
    expect(filters.tags).toEqual({ env: ['prod'], region: ['eu', 'us'] });
  });

  it('reads a repeated key of the pair form as OR, and values containing colons', () => {
    expect(parseFilters(params('tags=region:eu,region:us,url:http://x')).tags).toEqual({
      region: ['eu', 'us'],
      url: ['http://x'],
    });
  });

  it('ignores malformed tags instead of failing', () => {
    expect(parseFilters(params('tags={not json')).tags).toEqual({});
  });

  it('reads a preset range, and lets since/until win over it', () => {
    expect(parseFilters(params('range=15m')).range).toEqual({ kind: 'preset', preset: '15m' });
    expect(parseFilters(params('range=15m&since=5')).range).toEqual({ kind: 'custom', since: 5, until: null });
    expect(parseFilters(params('range=3y')).range).toEqual({ kind: 'preset', preset: 'all' });
  });

  it('reads live=off as paused', () => {
    expect(parseFilters(params('live=off')).live).toBe(false);
    expect(parseFilters(params('live=on')).live).toBe(true);
  });
});

describe(toQueryParams.name, () => {
  it('writes nothing for the defaults, so a plain explorer URL stays plain', () => {
    expect(toQueryParams(EMPTY_FILTERS)).toEqual({});
  });

  it('round-trips through the URL', () => {
    const filters: ExplorerFilters = {
      levels: ['info', 'fatal'],
      buckets: ['a b', 'c'],
      tags: { env: ['prod'], region: ['us', 'eu'] },
      search: 'héllo & bye',
      traceId: 'trace 1',
      userId: null,
      sessionId: 's',
      range: { kind: 'preset', preset: '6h' },
      live: false,
    };
    const url = new URLSearchParams(toQueryParams(filters)).toString();
    const back = parseFilters(new URLSearchParams(url));
    expect(sameFilters(back, filters)).toBe(true);
    expect(back.tags).toEqual({ env: ['prod'], region: ['eu', 'us'] });
    expect(toQueryParams(back)).toEqual(toQueryParams(filters));
  });

  it('uses the readable pair form for plain tags and JSON when a value has a comma', () => {
    expect(toQueryParams({ ...EMPTY_FILTERS, tags: { env: ['prod'], region: ['eu', 'us'] } })['tags']).toBe(
      'env:prod,region:eu,region:us',
    );
    const tricky = { ...EMPTY_FILTERS, tags: { note: ['a,b'] } };
    expect(toQueryParams(tricky)['tags']).toBe('{"note":"a,b"}');
    expect(parseFilters(new URLSearchParams(toQueryParams(tricky))).tags).toEqual({ note: ['a,b'] });
  });

  it('writes custom ranges as since/until in Unix ms', () => {
    expect(toQueryParams({ ...EMPTY_FILTERS, range: { kind: 'custom', since: 10, until: null } })).toEqual({
      since: '10',
    });
  });

  it('clears the parameters at their default for the router', () => {
    const routerParams = toRouterQueryParams({ ...EMPTY_FILTERS, levels: ['error'] });
    expect(routerParams['level']).toBe('error');
    expect(routerParams['bucket']).toBeNull();
    expect(routerParams['since']).toBeNull();
    expect(routerParams['live']).toBeNull();
  });
});

describe(toLogQuery.name, () => {
  it('builds the GET /api/logs parameters with tags as JSON and a rolling since', () => {
    const filters = parseFilters(params('level=error&bucket=api&tags=env:prod,region:eu,region:us&range=1h&userId=u'));
    expect(toLogQuery('shop', filters, 10_000_000)).toEqual({
      projectId: 'shop',
      level: 'error',
      bucket: 'api',
      tags: '{"env":"prod","region":["eu","us"]}',
      userId: 'u',
      since: 10_000_000 - 3_600_000,
    });
  });

  it('asks for everything without filters', () => {
    expect(toLogQuery('shop', EMPTY_FILTERS, 1)).toEqual({ projectId: 'shop' });
  });
});

describe(toSubscribeRequest.name, () => {
  it('carries the filters the server applies to live logs, and afterId', () => {
    const filters = parseFilters(params('level=warn&search=x&traceId=t&range=5m'));
    expect(toSubscribeRequest('shop', filters, 41)).toEqual({
      projectId: 'shop',
      level: 'warn',
      search: 'x',
      afterId: 41,
    });
  });
});

describe(matchesFilters.name, () => {
  const now = 2_000_000;

  it('accepts a log that satisfies every filter', () => {
    const filters = parseFilters(
      params('level=error&bucket=checkout&tags=env:prod,region:us,region:eu&search=declined&traceId=t-1'),
    );
    expect(matchesFilters(log(), filters, now)).toBe(true);
  });

  it('ANDs tag keys and ORs the values of one key', () => {
    expect(matchesFilters(log(), parseFilters(params('tags=region:us,region:eu')), now)).toBe(true);
    expect(matchesFilters(log(), parseFilters(params('tags=region:us')), now)).toBe(false);
    expect(matchesFilters(log(), parseFilters(params('tags=env:prod,team:core')), now)).toBe(false);
  });

  it('rejects on each field the subscription does not filter', () => {
    expect(matchesFilters(log(), parseFilters(params('userId=other')), now)).toBe(false);
    expect(matchesFilters(log(), parseFilters(params('sessionId=other')), now)).toBe(false);
    expect(matchesFilters(log(), parseFilters(params('until=1000000')), now)).toBe(false);
    expect(matchesFilters(log(), parseFilters(params('since=1000001')), now)).toBe(false);
    expect(matchesFilters(log(), parseFilters(params('since=1000000')), now)).toBe(true);
  });
});

describe(sameQuery.name, () => {
  it('ignores live on/off but not the filters', () => {
    expect(sameQuery(EMPTY_FILTERS, { ...EMPTY_FILTERS, live: false })).toBe(true);
    expect(sameFilters(EMPTY_FILTERS, { ...EMPTY_FILTERS, live: false })).toBe(false);
    expect(sameQuery(EMPTY_FILTERS, { ...EMPTY_FILTERS, search: 'x' })).toBe(false);
    expect(hasNarrowingFilters({ ...EMPTY_FILTERS, live: false })).toBe(false);
    expect(hasNarrowingFilters({ ...EMPTY_FILTERS, range: { kind: 'preset', preset: '5m' } })).toBe(true);
  });
});

describe(filtersFromSavedQuery.name, () => {
  it('reads a saved view query with numbers and an object tags value', () => {
    expect(filtersFromSavedQuery({ level: 'error', since: 5, tags: { env: 'prod' } })).toEqual({
      ...EMPTY_FILTERS,
      levels: ['error'],
      tags: { env: ['prod'] },
      range: { kind: 'custom', since: 5, until: null },
    });
    expect(filtersFromSavedQuery({})).toEqual(EMPTY_FILTERS);
  });
});

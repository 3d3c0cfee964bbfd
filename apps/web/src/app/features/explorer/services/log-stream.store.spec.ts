import { TestBed } from '@angular/core/testing';
import type { LogQueryParams, LogRecord, LogsPage } from '@logdesk/contracts';
import { of } from 'rxjs';
import { FakeSocket, fakeSocketFactory, makeLog } from '../../../../testing/fake-socket';
import { LogdeskApi } from '../../../core/api/logdesk-api.service';
import { API_KEY_PROMPT } from '../../../core/auth/api-key.store';
import { SOCKET_FACTORY } from '../../../core/live/live-socket.service';
import { EMPTY_FILTERS, parseFilters } from '../state/filter-state';
import { LogStreamStore, MAX_LIVE_ROWS } from './log-stream.store';

const range = (from: number, to: number, overrides: Partial<LogRecord> = {}) =>
  Array.from({ length: to - from + 1 }, (_, i) => makeLog({ id: from + i, ...overrides }));

describe(LogStreamStore.name, () => {
  let socket: FakeSocket;
  let store: LogStreamStore;
  let queries: LogQueryParams[];
  let pages: LogsPage[];

  beforeEach(() => {
    jest.useFakeTimers();
    socket = new FakeSocket();
    queries = [];
    pages = [];
    const api: Partial<LogdeskApi> = {
      logs: (query) => {
        queries.push(query);
        return of(pages.shift() ?? { logs: [], count: 0, hasMore: false });
      },
    };
    TestBed.configureTestingModule({
      providers: [
        LogStreamStore,
        { provide: LogdeskApi, useValue: api },
        { provide: SOCKET_FACTORY, useValue: fakeSocketFactory(socket) },
        { provide: API_KEY_PROMPT, useValue: () => Promise.resolve(null) },
      ],
    });
    store = TestBed.inject(LogStreamStore);
    socket.serverAccepts();
  });

  afterEach(() => jest.useRealTimers());

  /** The server pushes ascending batches, as the contract says. */
  const serverPushes = (logs: LogRecord[]) => socket.serverSends('logs', { projectId: 'shop', logs });

  it('loads the newest page, then subscribes with afterId = the newest id shown', () => {
    pages.push({ logs: range(5, 8).reverse(), count: 4, hasMore: true });
    store.reset('shop', parseFilters(new URLSearchParams('level=error')));
    expect(queries[0]).toMatchObject({ projectId: 'shop', level: 'error', limit: 200 });
    expect(store.rows().map((log) => log.id)).toEqual([8, 7, 6, 5]);
    expect(store.hasMore()).toBe(true);
    expect(socket.subscriptions().at(-1)).toEqual({ projectId: 'shop', level: 'error', afterId: 8 });
    expect(store.mode()).toBe('live');
  });

  it('renders live logs in batches on a timer, not per event', () => {
    store.reset('shop', EMPTY_FILTERS);
    for (let id = 1; id <= 100; id++) serverPushes([makeLog({ id })]);
    expect(store.rows()).toHaveLength(0);

    jest.advanceTimersByTime(250);
    expect(store.rows()).toHaveLength(100);
    expect(store.rows()[0].id).toBe(100);
    expect(store.received()).toBe(1);
  });

  it('keeps a bounded number of rows under a flood and lets paging fill the rest', () => {
    store.reset('shop', EMPTY_FILTERS);
    serverPushes(range(1, 3_000));
    jest.advanceTimersByTime(250);
    serverPushes(range(3_001, 7_000));
    jest.advanceTimersByTime(250);
    expect(store.rows()).toHaveLength(MAX_LIVE_ROWS);
    expect(store.rows()[0].id).toBe(7_000);
    expect(store.hasMore()).toBe(true);

    pages.push({ logs: range(1_990, 1_999).reverse(), count: 10, hasMore: true });
    store.loadMore();
    expect(queries.at(-1)).toMatchObject({ beforeId: 2_001 });
    expect(store.rows()).toHaveLength(MAX_LIVE_ROWS + 10);
  });

  it('holds live logs while scrolled away, counts them, and shows them on return', () => {
    pages.push({ logs: [makeLog({ id: 1 })], count: 1, hasMore: false });
    store.reset('shop', EMPTY_FILTERS);
    store.setScrolledAway(true);
    expect(store.mode()).toBe('held');

    serverPushes(range(2, 4));
    jest.advanceTimersByTime(250);
    expect(store.rows().map((log) => log.id)).toEqual([1]);
    expect(store.heldCount()).toBe(3);

    store.setScrolledAway(false);
    expect(store.rows().map((log) => log.id)).toEqual([4, 3, 2, 1]);
    expect(store.heldCount()).toBe(0);
  });

  it('holds while paused by the user until resumed', () => {
    store.reset('shop', EMPTY_FILTERS);
    store.setUserPaused(true);
    expect(store.mode()).toBe('paused');
    serverPushes(range(1, 2));
    jest.advanceTimersByTime(250);
    expect(store.rows()).toHaveLength(0);
    store.setUserPaused(false);
    expect(store.rows()).toHaveLength(2);
  });

  it('drops live logs that miss filters the subscription cannot carry (traceId)', () => {
    store.reset('shop', parseFilters(new URLSearchParams('traceId=t1')));
    serverPushes([makeLog({ id: 1, traceId: 't1' }), makeLog({ id: 2, traceId: 't2' })]);
    jest.advanceTimersByTime(250);
    expect(store.rows().map((log) => log.id)).toEqual([1]);
  });

  it('does not go live for a range that ended in the past', () => {
    store.reset('shop', parseFilters(new URLSearchParams('since=1&until=2')));
    expect(store.mode()).toBe('off');
    expect(socket.subscriptions()).toEqual([]);
  });
});

import { TestBed } from '@angular/core/testing';
import { FakeSocket, fakeSocketFactory, makeLog } from '../../../testing/fake-socket';
import { API_KEY_PROMPT } from '../auth/api-key.store';
import { SOCKET_FACTORY, LiveSocketService } from './live-socket.service';

describe(LiveSocketService.name, () => {
  let socket: FakeSocket;
  let live: LiveSocketService;

  beforeEach(() => {
    socket = new FakeSocket();
    TestBed.configureTestingModule({
      providers: [
        { provide: SOCKET_FACTORY, useValue: fakeSocketFactory(socket) },
        { provide: API_KEY_PROMPT, useValue: () => Promise.resolve(null) },
      ],
    });
    live = TestBed.inject(LiveSocketService);
  });

  it('subscribes once connected and again after every reconnect, with the newest id shown', () => {
    let newest = 10;
    live.watch(() => ({ projectId: 'shop', level: 'error', afterId: newest }), { logs: () => undefined });
    expect(live.state()).toBe('connecting');
    expect(socket.subscriptions()).toEqual([]);

    socket.serverAccepts();
    expect(live.state()).toBe('connected');
    expect(socket.subscriptions()).toEqual([{ projectId: 'shop', level: 'error', afterId: 10 }]);

    newest = 42;
    socket.serverDrops();
    expect(live.state()).toBe('disconnected');
    socket.serverAccepts();
    expect(socket.subscriptions()).toEqual([
      { projectId: 'shop', level: 'error', afterId: 10 },
      { projectId: 'shop', level: 'error', afterId: 42 },
    ]);
  });

  it('routes logs by project, and every project to the firehose', () => {
    const shop: number[] = [];
    const firehose: number[] = [];
    socket.serverAccepts();
    live.watch(() => ({ projectId: 'shop' }), { logs: (logs) => shop.push(...logs.map((l) => l.id)) });
    live.watch(() => ({ projectId: '*' }), { logs: (logs) => firehose.push(...logs.map((l) => l.id)) });

    socket.serverSends('logs', { projectId: 'shop', logs: [makeLog({ id: 1 })] });
    socket.serverSends('logs', { projectId: 'billing', logs: [makeLog({ id: 2 })] });
    expect(shop).toEqual([1]);
    expect(firehose).toEqual([1, 2]);
  });

  it('unsubscribes on close and ignores later logs', () => {
    const received: number[] = [];
    socket.serverAccepts();
    const handle = live.watch(() => ({ projectId: 'shop' }), { logs: (logs) => received.push(logs.length) });
    handle.close();
    socket.serverSends('logs', { projectId: 'shop', logs: [makeLog()] });
    expect(received).toEqual([]);
    expect(socket.emitted.at(-1)).toEqual({ event: 'unsubscribe', payload: { projectId: 'shop' } });
  });

  it('reports a refused subscription and lagging to the subscriber', () => {
    const failures: string[] = [];
    const lags: number[] = [];
    socket.ackWith = { ok: false, error: 'bad tags' };
    socket.serverAccepts();
    live.watch(() => ({ projectId: 'shop', tags: '{' }), {
      logs: () => undefined,
      failed: (error) => failures.push(error),
      lagged: (skipped) => lags.push(skipped),
    });
    socket.serverSends('lagged', { projectId: 'shop', skipped: 1200 });
    expect(failures).toEqual(['bad tags']);
    expect(lags).toEqual([1200]);
  });

  it('passes new projects on to listeners', () => {
    const names: string[] = [];
    live.projectCreated$.subscribe((project) => names.push(project.name));
    live.connect();
    socket.serverSends('project:created', { project: { id: 'p', name: 'p', workspaceId: 'unsorted', createdAt: '' } });
    expect(names).toEqual(['p']);
  });
});

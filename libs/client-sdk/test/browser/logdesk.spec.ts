import type { Browser, Page } from 'playwright-core';
import { launchChromium, sdkPage, startStatic, type StaticServer } from '../support/browser';
import { freshProject, startLogdesk, waitForStored, type LogdeskProcess } from '../support/logdesk';
import { startRecorder, type Recorder } from '../support/recorder';

let browser: Browser;
let server: LogdeskProcess;
let wire: Recorder;
let site: StaticServer;
let projectId: string;

/** The page's clients: straight to the server, and through the recording proxy. */
declare const logdesk: import('../../src').ServiceClient;
declare const logdeskViaProxy: import('../../src').ServiceClient;

beforeAll(async () => {
  [browser, server] = await Promise.all([launchChromium(), startLogdesk()]);
  // A recording proxy in front of the real server shows the bytes on the wire.
  wire = await startRecorder(() => ({ forward: server.url }));
});

afterAll(async () => {
  await browser?.close();
  await wire?.close();
  await server?.stop();
});

beforeEach(async () => {
  projectId = freshProject('sdk-chromium');
  // The page comes from its own origin and takes the SDK from the running Logdesk, as the README says.
  const page = sdkPage(`${server.url}/sdk/logdesk.js`, {
    projectId,
    apiKey: 'local',
    mode: 'local',
    endpoint: server.url,
    appName: 'web-e2e',
    flushInterval: 60_000,
    batchSize: 1000,
  });
  const viaProxy = `<script>window.logdeskViaProxy = Logdesk.createServiceClient(${JSON.stringify({
    projectId,
    apiKey: 'local',
    mode: 'local',
    endpoint: wire.url,
  })});</script>`;
  site = await startStatic({
    '/index.html': { type: 'text/html', body: page.replace('</head>', `${viaProxy}</head>`) },
    '/next.html': { type: 'text/html', body: '<!doctype html><title>next</title>' },
  });
});

afterEach(async () => {
  await site.close();
});

async function open(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${site.url}/index.html`);
  return page;
}

describe('the IIFE served by a real Logdesk, in Chromium', () => {
  it('stores what the page logs, its uncaught errors and what it queued before leaving', async () => {
    const page = await open();
    await page.evaluate(async () => {
      logdesk.setUser({ id: 'browser-user' });
      logdesk.info({ bucket: 'page', message: 'page loaded', tags: { route: '/index' } });
      logdesk.warn({ bucket: 'page', message: 'slow paint', context: { ms: 180 } });
      await logdesk.flush();
      setTimeout(() => {
        throw new Error('click handler failed');
      });
      void Promise.reject(new TypeError('fetch wrapper rejected'));
    });
    await page.waitForFunction(() => logdesk.stats().queued === 2);
    await page.evaluate(() => logdesk.info({ bucket: 'page', message: 'leaving' }));
    // Navigating away: the two global errors and the last log go out on pagehide.
    await page.goto(`${site.url}/next.html`);

    const stored = await waitForStored(server.url, projectId, 5);
    const byMessage = new Map(stored.map((log) => [log.message, log]));
    expect([...byMessage.keys()].sort()).toEqual(
      ['click handler failed', 'fetch wrapper rejected', 'leaving', 'page loaded', 'slow paint'].sort(),
    );
    expect(byMessage.get('page loaded')).toMatchObject({
      level: 'info',
      tags: { route: '/index' },
      userId: 'browser-user',
    });
    expect(byMessage.get('slow paint')).toMatchObject({ level: 'warn', context: { ms: 180 }, appName: 'web-e2e' });
    expect(byMessage.get('click handler failed')).toMatchObject({ level: 'error', bucket: 'global_errors' });
    expect(byMessage.get('click handler failed')!.context).toMatchObject({ name: 'Error', source: 'error' });
    expect(byMessage.get('fetch wrapper rejected')!.context).toMatchObject({
      name: 'TypeError',
      source: 'unhandledrejection',
    });
    expect(stored.every((log) => log.eventId)).toBe(true);
    await page.close();
  });

  it('sends gzip from the page and the server stores it', async () => {
    const page = await open();
    await page.evaluate(async () => {
      logdeskViaProxy.info({ bucket: 'wire', message: 'compressed in the browser' });
      await logdeskViaProxy.flush();
    });
    const request = wire.requests.find((req) => req.body.projectId === projectId && req.body.logs.length)!;
    expect(request.headers['content-encoding']).toBe('gzip');
    expect(request.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    const [log] = await waitForStored(server.url, projectId, 1);
    expect(log.message).toBe('compressed in the browser');
    await page.close();
  });
});

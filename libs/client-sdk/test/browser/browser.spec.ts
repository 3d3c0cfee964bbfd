import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, sdkPage, startStatic, type StaticServer } from '../support/browser';
import { startRecorder, type Recorder } from '../support/recorder';
import { waitFor } from '../support/wait';

/** The IIFE exactly as the API serves it at /sdk/logdesk.js. */
const IIFE = readFileSync(resolve(__dirname, '../../dist/logdesk.iife.js'));
const { version } = require('../../package.json') as { version: string };

let browser: Browser;
let recorder: Recorder;
let site: StaticServer;

/** The page's globals: the IIFE's namespace and the client sdkPage makes. */
declare const Logdesk: typeof import('../../src');
declare const logdesk: import('../../src').ServiceClient;

beforeAll(async () => {
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
});

beforeEach(async () => {
  recorder = await startRecorder();
  const config = {
    projectId: 'sdk-browser',
    apiKey: 'k',
    mode: 'local',
    endpoint: recorder.url,
    batchSize: 1000,
    flushInterval: 60_000,
  };
  site = await startStatic({
    '/index.html': { type: 'text/html', body: sdkPage('/sdk/logdesk.js', config) },
    '/next.html': { type: 'text/html', body: '<!doctype html><title>next</title>' },
    '/sdk/logdesk.js': { type: 'text/javascript', body: IIFE },
  });
});

afterEach(async () => {
  await site.close();
  await recorder.close();
});

async function open(): Promise<Page> {
  const page = await browser.newPage();
  await page.goto(`${site.url}/index.html`);
  return page;
}

describe('the IIFE in Chromium, against a recording server on another origin', () => {
  it('sends gzip batches with the contract headers through CORS', async () => {
    const page = await open();
    await page.evaluate(async () => {
      logdesk.info({ bucket: 'page', message: 'hello from chromium', tags: { browser: 'chromium' } });
      logdesk.warn({ bucket: 'page', message: 'second', context: { width: window.innerWidth } });
      await logdesk.flush();
    });
    const [preflightWarmUp, request] = recorder.requests;
    // The first log also sends an empty batch, so the CORS preflight is done while the page is alive.
    expect(preflightWarmUp.body).toEqual({ projectId: 'sdk-browser', logs: [] });
    expect(request.headers['content-encoding']).toBe('gzip');
    expect(request.raw.subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers['x-service-sdk-version']).toBe(version);
    expect(request.headers.origin).toBe(site.url);
    expect(request.body.logs.map((log) => [log.level, log.message])).toEqual([
      ['info', 'hello from chromium'],
      ['warn', 'second'],
    ]);
    expect(request.body.logs[0].eventId).toMatch(/^[0-9a-f-]{36}$/);
    await page.close();
  });

  it('takes the page’s own fetch, detached, as the fetch option', async () => {
    const page = await open();
    await page.evaluate(async (endpoint) => {
      const client = Logdesk.createServiceClient({
        projectId: 'p',
        apiKey: 'k',
        mode: 'local',
        endpoint,
        fetch: window.fetch,
      });
      client.info({ bucket: 'page', message: 'through window.fetch' });
      await client.flush();
    }, recorder.url);
    expect(recorder.logs().map((log) => log.message)).toEqual(['through window.fetch']);
    await page.close();
  });

  it('captures a thrown error and an unhandled rejection into global_errors', async () => {
    const page = await open();
    await page.evaluate(() => {
      setTimeout(() => {
        throw new TypeError('thrown in a timer');
      });
      void Promise.reject(new Error('rejected and forgotten'));
    });
    await page.waitForFunction(() => logdesk.stats().queued === 2);
    await page.evaluate(() => logdesk.flush());

    const errors = recorder.logs().filter((log) => log.bucket === 'global_errors');
    expect(errors.map((log) => [log.level, log.message]).sort()).toEqual([
      ['error', 'rejected and forgotten'],
      ['error', 'thrown in a timer'],
    ]);
    const thrown = errors.find((log) => log.message === 'thrown in a timer')!;
    expect(thrown.context).toMatchObject({ name: 'TypeError', source: 'error' });
    expect((thrown.context as { stack: string }).stack).toContain('thrown in a timer');
    const rejected = errors.find((log) => log.message === 'rejected and forgotten')!;
    expect(rejected.context).toMatchObject({ name: 'Error', source: 'unhandledrejection' });
    await page.close();
  });

  it('sends the queue with keepalive when the page goes away (navigation)', async () => {
    const page = await open();
    await page.evaluate(() => logdesk.info({ bucket: 'page', message: 'queued before navigating' }));
    await page.goto(`${site.url}/next.html`);
    await waitFor(() => recorder.logs().length === 1, 'the pagehide request');
    expect(recorder.logs()[0].message).toBe('queued before navigating');
    await page.close();
  });

  it('sends the queue when the page is closed', async () => {
    const page = await open();
    await page.evaluate(() => logdesk.error({ bucket: 'page', message: 'queued before closing' }));
    await page.close({ runBeforeUnload: true });
    await waitFor(() => recorder.logs().length === 1, 'the pagehide request');
    expect(recorder.logs()[0].message).toBe('queued before closing');
  });

  it('sends what fits the 64 KiB keepalive allowance at once when the page is hidden, the rest after', async () => {
    const page = await open();
    await page.evaluate(() => {
      for (let i = 0; i < 60; i++) logdesk.info({ bucket: 'big', message: `${i} ${'x'.repeat(2000)}` });
      // Headless pages are never hidden by themselves: play the tab switch.
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => recorder.logs().length === 60, '60 logs');
    const keepalive = recorder.requests.filter(
      (request) => request.body.logs.length && !request.headers['content-encoding'],
    );
    expect(keepalive).toHaveLength(1);
    expect(keepalive[0].raw.length).toBeLessThan(64 * 1024);
    const first = keepalive[0].body.logs.map((log) => Number(log.message.split(' ')[0]));
    expect(first).toEqual([...Array(first.length).keys()]);
    expect(first.length).toBeGreaterThan(20);
    const all = recorder.logs().map((log) => Number(log.message.split(' ')[0]));
    expect([...all].sort((a, b) => a - b)).toEqual([...Array(60).keys()]);
    await page.close();
  });
});

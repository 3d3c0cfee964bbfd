import type { LogEntryInput } from '@logdesk/contracts';
import type { Browser, Page } from 'playwright-core';
import { startLogdesk, type LogdeskProcess } from '../../api/test/support/logdesk-process';
import {
  ingest,
  launchChromium,
  openPage,
  queryOf,
  rowIds,
  screenshot,
  waitFor,
  type DashboardPage,
} from './support/dashboard';

const PROJECT = 'shop';

/** 60 logs: every level, two buckets, env/region tags, traces and users. */
function seedLogs(): LogEntryInput[] {
  const levels = ['debug', 'info', 'warn', 'error', 'fatal'] as const;
  return Array.from({ length: 60 }, (_, i) => ({
    bucket: i % 2 === 0 ? 'checkout' : 'auth',
    level: levels[i % 5],
    message: i % 10 === 3 ? `Payment TIMEOUT for order ${i}` : `Request ${i} handled`,
    tags: { env: i % 3 === 0 ? 'prod' : 'staging', region: i % 4 === 0 ? 'eu' : 'us' },
    context: { order: { id: i, items: [1, 2] } },
    traceId: `trace-${i % 6}`,
    userId: `user-${i % 4}`,
    timestamp: Date.now() - (60 - i) * 1000,
  }));
}

describe('log explorer', () => {
  let server: LogdeskProcess;
  let browser: Browser;
  let dashboard: DashboardPage;
  let page: Page;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startLogdesk(), launchChromium()]);
    await ingest(server.url, PROJECT, seedLogs());
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    dashboard = await openPage(browser);
    page = dashboard.page;
  });

  afterEach(async () => {
    expect(dashboard.pageErrors).toEqual([]);
    await dashboard.context.close();
  });

  async function openExplorer(query = ''): Promise<void> {
    await page.goto(`${server.url}/projects/${PROJECT}${query}`);
    await page.locator('ld-log-table [data-log-id]').first().waitFor();
  }

  const levelToggle = (level: string) => page.locator('.level-toggle', { hasText: level });

  it('lists logs newest first with facet counts and a histogram', async () => {
    await openExplorer();
    const ids = await rowIds(page);
    expect(ids.length).toBeGreaterThan(20);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    await expect(levelToggle('error').locator('.count').innerText()).resolves.toBe('12');
    await expect(page.locator('.facet-option', { hasText: 'checkout' }).locator('.facet-count').innerText()).resolves.toBe('30');
    await page.locator('ld-volume-histogram canvas').first().waitFor();
    await screenshot(page, 'explorer');
  });

  it('keeps filters in the URL with the API parameter names, and counts follow the filters', async () => {
    await openExplorer();
    await levelToggle('error').click();
    await waitFor(() => queryOf(page)['level'] === 'error', 'level in the URL');
    await page
      .locator('ld-tag-facet', { hasText: 'env' })
      .locator('label', { hasText: 'prod' })
      .locator('input')
      .check();
    await waitFor(() => queryOf(page)['tags'] === 'env:prod', 'tags in the URL');
    await waitFor(
      async () => (await page.locator('ld-log-table [data-log-id] ld-level-badge').allInnerTexts()).length === 4,
      '4 rows',
    );
    const levels = await page.locator('ld-log-table [data-log-id] ld-level-badge').allInnerTexts();
    expect(new Set(levels.map((level) => level.toLowerCase()))).toEqual(new Set(['error']));
    // The level's own filter is left out of its counts, so other levels stay pickable.
    await waitFor(
      async () => (await levelToggle('warn').locator('.count').innerText()) === '4',
      'warn count under env=prod',
    );

    await page.reload();
    await page.locator('ld-log-table [data-log-id]').first().waitFor();
    await expect(levelToggle('error').getAttribute('aria-pressed')).resolves.toBe('true');
    expect(await rowIds(page)).toHaveLength(4);

    await page.goBack();
    await waitFor(() => queryOf(page)['tags'] === undefined, 'back to no tag filter');
    await waitFor(async () => (await rowIds(page)).length === 12, '12 error rows');
  });

  it('searches with / and highlights the matches', async () => {
    await openExplorer();
    await page.keyboard.press('/');
    await page.keyboard.type('timeout');
    await waitFor(() => queryOf(page)['search'] === 'timeout', 'search in the URL');
    await waitFor(async () => (await rowIds(page)).length === 6, '6 matching rows');
    await expect(page.locator('ld-log-table mark').first().innerText()).resolves.toBe('TIMEOUT');
    // Highlighting splits the text but must not change it.
    await expect(page.locator('ld-log-table [data-log-id] .message').first().innerText()).resolves.toMatch(
      /^Payment TIMEOUT for order \d+$/,
    );
  });

  it('opens a log at its own URL with every field, and filters by its trace in one click', async () => {
    await openExplorer('?bucket=checkout');
    const id = (await rowIds(page))[0];
    await page.locator(`ld-log-table [data-log-id="${id}"]`).click();
    await page.waitForURL(new RegExp(`/projects/${PROJECT}/logs/${id}\\?bucket=checkout$`));
    const panel = page.locator('ld-log-detail-panel');
    await panel.locator('ld-json-tree').waitFor();
    const text = await panel.innerText();
    expect(text).toContain(`#${id}`);
    expect(text).toMatch(/trace-\d/);
    expect(text).toMatch(/user-\d/);
    await panel.locator('.neighbours li.current').waitFor();
    await screenshot(page, 'explorer-detail');

    await panel.locator('dd', { hasText: 'trace-' }).locator('button.filter').click();
    await waitFor(() => /^trace-\d$/.test(queryOf(page)['traceId'] ?? ''), 'traceId in the URL');
    // Traces repeat every 6 logs and checkout takes the even ones: 10 checkout logs share it.
    await waitFor(async () => (await rowIds(page)).length === 10, 'the 10 checkout logs of that trace');

    // A pasted link restores the open log and the filters.
    await page.goto(page.url());
    await panel.locator('ld-json-tree').waitFor();
    expect(page.url()).toContain(`/logs/${id}?`);
    await page.keyboard.press('Escape');
    await page.waitForURL(new RegExp(`/projects/${PROJECT}\\?`));
  });

  it('moves with j/k, opens with Enter and closes with Esc', async () => {
    await openExplorer();
    const ids = await rowIds(page);
    await page.locator('body').click({ position: { x: 700, y: 880 } });
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    await page.keyboard.press('k');
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/logs/${ids[0]}$`));
    await page.keyboard.press('j');
    await page.waitForURL(new RegExp(`/logs/${ids[1]}$`));
    await page.keyboard.press('Escape');
    await page.waitForURL(new RegExp(`/projects/${PROJECT}$`));
  });

  it('shows new logs live, holds them while paused and counts them in a pill', async () => {
    await openExplorer();
    await page.locator('.live', { hasText: 'Live' }).waitFor();
    await ingest(server.url, PROJECT, [{ bucket: 'auth', level: 'info', message: 'live arrival' }]);
    await page.locator('ld-log-table [data-log-id]', { hasText: 'live arrival' }).waitFor();
    expect(await page.locator('ld-log-table [data-log-id]').first().innerText()).toContain('live arrival');

    await page.keyboard.press('p');
    await waitFor(() => queryOf(page)['live'] === 'off', 'live=off in the URL');
    await ingest(server.url, PROJECT, [
      { bucket: 'auth', level: 'warn', message: 'held one' },
      { bucket: 'auth', level: 'warn', message: 'held two' },
    ]);
    await page.locator('.new-logs', { hasText: '2 new logs' }).waitFor();
    expect(await page.locator('ld-log-table [data-log-id]', { hasText: 'held' }).count()).toBe(0);
    await screenshot(page, 'explorer-paused');

    await page.locator('.new-logs').click();
    await page.locator('ld-log-table [data-log-id]', { hasText: 'held two' }).waitFor();
    await waitFor(() => queryOf(page)['live'] === undefined, 'live back on');
  });

  it('narrows the range with a preset and shows export links for the current filter', async () => {
    await openExplorer('?level=warn');
    await page.locator('ld-time-range-picker').getByRole('button', { name: '5m', exact: true }).click();
    await waitFor(() => queryOf(page)['range'] === '5m', 'range=5m in the URL');
    await page.locator('ld-export-menu button').click();
    const href = await page.locator('.menu a', { hasText: 'CSV' }).getAttribute('href');
    const url = new URL(href!, server.url);
    expect(url.pathname).toBe('/api/logs/export');
    expect(url.searchParams.get('format')).toBe('csv');
    expect(url.searchParams.get('level')).toBe('warn');
    expect(Number(url.searchParams.get('since'))).toBeGreaterThan(Date.now() - 6 * 60_000);
    const response = await fetch(url);
    expect(response.status).toBe(200);
  });
});

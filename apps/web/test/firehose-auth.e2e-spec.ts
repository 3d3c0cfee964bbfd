import type { Browser } from 'playwright-core';
import { startLogdesk, type LogdeskProcess } from '../../api/test/support/logdesk-process';
import { ingest, launchChromium, openPage, queryOf, screenshot, waitFor } from './support/dashboard';

describe('firehose', () => {
  let server: LogdeskProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startLogdesk(), launchChromium()]);
    await ingest(server.url, 'alpha', [{ bucket: 'a', level: 'info', message: 'alpha hello' }]);
    await ingest(server.url, 'beta', [{ bucket: 'b', level: 'error', message: 'beta broke' }]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('shows the newest logs of every project, live, filterable by level (dark theme)', async () => {
    const { context, page, pageErrors } = await openPage(browser, { colorScheme: 'dark' });
    await page.goto(`${server.url}/firehose`);
    await page.locator('ld-log-table [data-log-id]', { hasText: 'beta broke' }).waitFor();
    await page.locator('ld-log-table [data-log-id]', { hasText: 'alpha hello' }).waitFor();
    await expect(page.evaluate(() => document.documentElement.dataset['theme'])).resolves.toBe('dark');

    await page.locator('.levels button', { hasText: 'error' }).click();
    await waitFor(() => queryOf(page)['level'] === 'error', 'level=error');
    await waitFor(async () => (await page.locator('ld-log-table [data-log-id]').count()) === 1, 'only the error');

    await ingest(server.url, 'gamma', [
      { bucket: 'c', level: 'info', message: 'gamma quiet' },
      { bucket: 'c', level: 'error', message: 'gamma loud' },
    ]);
    await page.locator('ld-log-table [data-log-id]', { hasText: 'gamma loud' }).waitFor();
    expect(await page.locator('ld-log-table [data-log-id]', { hasText: 'gamma quiet' }).count()).toBe(0);
    await screenshot(page, 'firehose-dark');

    await page.locator('ld-log-table [data-log-id]', { hasText: 'gamma loud' }).click();
    await page.waitForURL(/\/projects\/gamma\/logs\/\d+$/);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

describe('API keys', () => {
  const KEY = 'e2e-secret';
  let server: LogdeskProcess;
  let browser: Browser;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startLogdesk({ env: { LOGDESK_API_KEYS: KEY } }), launchChromium()]);
    await ingest(server.url, 'locked', [{ bucket: 'x', level: 'warn', message: 'behind a key' }], KEY);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('asks for the key once after a 401, keeps it, and uses it for HTTP and Socket.IO', async () => {
    const { context, page, pageErrors } = await openPage(browser);
    await page.goto(`${server.url}/projects/locked`);
    const dialog = page.locator('ld-api-key-dialog');
    await dialog.locator('input').waitFor();
    await screenshot(page, 'api-key-prompt');
    expect(await dialog.count()).toBe(1);

    await dialog.locator('input').fill('wrong-key');
    await dialog.locator('input').press('Enter');
    await dialog.getByText('refused').waitFor();
    await dialog.locator('input').fill(KEY);
    await dialog.locator('input').press('Enter');

    await page.locator('ld-log-table [data-log-id]', { hasText: 'behind a key' }).waitFor();
    await page.locator('.connection[data-state="connected"]').waitFor();
    await ingest(server.url, 'locked', [{ bucket: 'x', level: 'info', message: 'live behind a key' }], KEY);
    await page.locator('ld-log-table [data-log-id]', { hasText: 'live behind a key' }).waitFor();

    await page.reload();
    await page.locator('ld-log-table [data-log-id]').first().waitFor();
    expect(await page.locator('ld-api-key-dialog').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});

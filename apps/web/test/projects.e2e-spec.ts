import type { Browser } from 'playwright-core';
import { startLogdesk, type LogdeskProcess } from '../../api/test/support/logdesk-process';
import { ingest, launchChromium, openPage, screenshot, type DashboardPage } from './support/dashboard';

/** `/`: projects by workspace, counts, last activity, and the first-log empty state. */
describe('projects home', () => {
  let server: LogdeskProcess;
  let browser: Browser;
  let dashboard: DashboardPage;

  beforeAll(async () => {
    [server, browser] = await Promise.all([startLogdesk(), launchChromium()]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  beforeEach(async () => {
    dashboard = await openPage(browser);
  });

  afterEach(async () => {
    expect(dashboard.pageErrors).toEqual([]);
    await dashboard.context.close();
  });

  it('shows how to send a first log to this server, then the project as soon as it exists', async () => {
    const { page } = dashboard;
    await page.goto(`${server.url}/`);
    const help = page.locator('ld-first-log-help');
    await help.waitFor();
    await expect(help.innerText()).resolves.toContain(`curl -X POST http://localhost:${server.port}/logs`);
    await expect(help.innerText()).resolves.toContain(`endpoint: 'http://localhost:${server.port}'`);
    await screenshot(page, 'home-empty');

    await ingest(server.url, 'checkout', [
      { bucket: 'api', level: 'info', message: 'order placed' },
      { bucket: 'api', level: 'error', message: 'card declined' },
      { bucket: 'api', level: 'fatal', message: 'db down' },
    ]);
    // project:created arrives over Socket.IO: no reload.
    const card = page.locator('ld-project-card', { hasText: 'checkout' });
    await card.waitFor();
    await page.getByText('Unsorted').first().waitFor();
    await expect(card.locator('.counts').innerText()).resolves.toMatch(/3\s+logs/);
  });

  it('groups projects by workspace with log count, error count and last activity', async () => {
    await ingest(server.url, 'billing', [
      { bucket: 'jobs', level: 'warn', message: 'slow invoice run' },
      { bucket: 'jobs', level: 'error', message: 'invoice failed' },
    ]);
    const { page } = dashboard;
    await page.goto(`${server.url}/`);
    const card = page.locator('ld-project-card', { hasText: 'billing' });
    await card.locator('.counts', { hasText: 'errors' }).waitFor();
    const text = await card.innerText();
    expect(text).toMatch(/2\s+logs/);
    expect(text).toMatch(/1\s+errors/);
    expect(text).toContain('Last log just now');
    await expect(page.locator('section.workspace h2').allInnerTexts()).resolves.toEqual([
      expect.stringMatching(/^Unsorted/),
    ]);
    await screenshot(page, 'home-projects');

    await card.click();
    await page.waitForURL(/\/projects\/billing$/);
  });
});

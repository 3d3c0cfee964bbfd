import type { LogEntryInput, StatsResponse } from '@logdesk/contracts';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium as launchDebianChromium } from '../../../../scripts/chromium';

/** index.html of the build the server serves; `npm test` builds it first. */
export const WEB_BUILD = resolve(__dirname, '../../../../dist/apps/web/browser/index.html');
export const SCREENSHOTS = resolve(__dirname, '../screenshots');

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(WEB_BUILD)) throw new Error(`The dashboard is not built (${WEB_BUILD}); run npm run build:web`);
  return launchDebianChromium();
}

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page; every spec expects none. */
  pageErrors: string[];
}

export async function openPage(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark' } = {},
): Promise<DashboardPage> {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    colorScheme: options.colorScheme ?? 'light',
  });
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(error.message));
  return { context, page, pageErrors };
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** POST /logs, then waits until the background writer stored them (the API answers before). */
export async function ingest(url: string, projectId: string, logs: LogEntryInput[], apiKey?: string): Promise<void> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (apiKey) headers['Authorization'] = `Bearer ${apiKey}`;
  const before = await storedCount(url, projectId, apiKey);
  const response = await fetch(`${url}/logs`, { method: 'POST', headers, body: JSON.stringify({ projectId, logs }) });
  if (response.status !== 200) throw new Error(`POST /logs answered ${response.status}: ${await response.text()}`);
  await waitFor(
    async () => (await storedCount(url, projectId, apiKey)) >= before + logs.length,
    `${logs.length} logs stored`,
  );
}

async function storedCount(url: string, projectId: string, apiKey?: string): Promise<number> {
  const headers: Record<string, string> = apiKey ? { Authorization: `Bearer ${apiKey}` } : {};
  const response = await fetch(`${url}/api/logs/stats?projectId=${encodeURIComponent(projectId)}`, { headers });
  return response.ok ? ((await response.json()) as StatsResponse).total : 0;
}

export async function waitFor(
  check: () => Promise<boolean> | boolean,
  what: string,
  timeoutMs = 10_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((done) => setTimeout(done, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

/** Ids of the rows the log table renders, top to bottom. */
export async function rowIds(page: Page): Promise<number[]> {
  const ids = await page
    .locator('ld-log-table [data-log-id]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-log-id'))));
  return ids;
}

/** Query string of the page as a plain object. */
export function queryOf(page: Page): Record<string, string> {
  return Object.fromEntries(new URL(page.url()).searchParams);
}

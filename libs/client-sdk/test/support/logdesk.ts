import type { LogRecord, LogsPage } from '@logdesk/contracts';
import { getJson, waitForLogs } from '../../../../apps/api/test/support/http';

export { startLogdesk, type LogdeskProcess } from '../../../../apps/api/test/support/logdesk-process';

const oldestFirst = (logs: LogRecord[]): LogRecord[] => [...logs].sort((a, b) => a.id - b.id);

/** The stored logs of a project (up to 1,000), oldest first. */
export async function storedLogs(url: string, projectId: string): Promise<LogRecord[]> {
  const page = await getJson<LogsPage>(`${url}/api/logs?projectId=${encodeURIComponent(projectId)}&limit=1000`);
  return oldestFirst(page.body.logs);
}

/** Storage is asynchronous (a 100 ms writer): waits until at least `count` logs are stored, oldest first. */
export async function waitForStored(url: string, projectId: string, count: number): Promise<LogRecord[]> {
  const page = await waitForLogs(url, projectId, count, 15_000);
  return oldestFirst((page as { logs: LogRecord[] }).logs);
}

/** A project id of its own for each test, so nothing one test stores shows up in another. */
export const freshProject = (name: string): string =>
  `${name}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;

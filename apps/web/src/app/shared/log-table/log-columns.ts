import type { LogRecord } from '@logdesk/contracts';

/** Columns the user can show or hide; time, level, bucket and message are always there. */
export const OPTIONAL_COLUMNS = ['tags', 'user', 'session', 'env', 'app'] as const;
export type OptionalColumn = (typeof OPTIONAL_COLUMNS)[number];

export const COLUMN_LABELS: Record<OptionalColumn | 'project', string> = {
  project: 'Project',
  tags: 'Tags',
  user: 'User',
  session: 'Session',
  env: 'Env',
  app: 'App',
};

/** Fixed widths keep every row the same height, which virtual scrolling needs. */
const COLUMN_WIDTHS: Record<OptionalColumn | 'project', string> = {
  project: '130px',
  tags: 'minmax(120px, 280px)',
  user: '120px',
  session: '120px',
  env: '80px',
  app: '150px',
};

/** CSS grid columns: time, level, [project], bucket, message, then the optional ones. */
export function gridTemplate(showProject: boolean, visible: ReadonlySet<OptionalColumn>): string {
  const columns = ['136px', '64px'];
  if (showProject) columns.push(COLUMN_WIDTHS.project);
  columns.push('130px', 'minmax(200px, 1fr)');
  for (const column of OPTIONAL_COLUMNS) if (visible.has(column)) columns.push(COLUMN_WIDTHS[column]);
  return columns.join(' ');
}

/** The text shown in an optional column (tags render as chips instead). */
export function columnText(log: LogRecord, column: Exclude<OptionalColumn, 'tags'>): string {
  switch (column) {
    case 'user':
      return log.userId ?? '';
    case 'session':
      return log.sessionId ?? '';
    case 'env':
      return log.env ?? '';
    case 'app':
      return [log.appName, log.appVersion].filter(Boolean).join(' ');
  }
}

export function tagEntries(log: LogRecord): [string, string][] {
  return Object.entries(log.tags);
}

import type { ExportFormat, LogRecord } from '@logdesk/contracts';
import { Readable } from 'node:stream';

const CSV_COLUMNS = [
  'id', 'timestamp', 'time', 'level', 'projectId', 'bucket', 'message', 'traceId', 'userId', 'sessionId',
  'env', 'appName', 'appVersion', 'eventId', 'tags', 'context', 'createdAt',
] as const;

/** RFC 4180: quote every field that holds a comma, quote or line break; double inner quotes. */
const csvField = (value: unknown): string => {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

const csvLine = (log: LogRecord): string =>
  CSV_COLUMNS.map((column) =>
    csvField(column === 'time' ? new Date(log.timestamp).toISOString() : column === 'tags' && Object.keys(log.tags).length === 0 ? '' : log[column]),
  ).join(',') + '\r\n';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  ndjson: 'application/x-ndjson; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** Streams records as NDJSON (one record a line) or CSV (a header line first). */
export function exportStream(logs: AsyncIterable<LogRecord>, format: ExportFormat): Readable {
  async function* lines(): AsyncGenerator<string> {
    if (format === 'csv') yield CSV_COLUMNS.join(',') + '\r\n';
    for await (const log of logs) yield format === 'csv' ? csvLine(log) : JSON.stringify(log) + '\n';
  }
  return Readable.from(lines());
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** `2026-11-21 10:00:00.123` in local time: sortable, and precise to the millisecond logs carry. */
export function formatTimestamp(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`
  );
}

/** Time of day for table rows; the date only when the log is not from today. */
export function formatRowTime(ms: number, now = Date.now()): string {
  const full = formatTimestamp(ms);
  return full.slice(0, 10) === formatTimestamp(now).slice(0, 10) ? full.slice(11) : full.slice(5);
}

/** `3 min ago` style, for last activity. */
export function formatRelative(ms: number, now = Date.now()): string {
  const seconds = Math.round((now - ms) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds} s ago`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.round(hours / 24)} days ago`;
}

/** 1234567 → `1.2M`, for counts in tight places. */
export function formatCount(count: number): string {
  if (count < 1000) return String(count);
  if (count < 1_000_000) return `${(count / 1000).toFixed(count < 10_000 ? 1 : 0)}k`;
  return `${(count / 1_000_000).toFixed(count < 10_000_000 ? 1 : 0)}M`;
}

/** The quick ranges of the time picker; `all` means no bound. */
export const RANGE_PRESETS = ['5m', '15m', '1h', '6h', '24h', '7d', 'all'] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number];

const MINUTE = 60_000;
export const PRESET_DURATION_MS: Record<Exclude<RangePreset, 'all'>, number> = {
  '5m': 5 * MINUTE,
  '15m': 15 * MINUTE,
  '1h': 60 * MINUTE,
  '6h': 6 * 60 * MINUTE,
  '24h': 24 * 60 * MINUTE,
  '7d': 7 * 24 * 60 * MINUTE,
};

/**
 * A preset rolls with the clock ("last 15 minutes" stays the last 15 minutes after a reload);
 * a custom range is fixed Unix ms, `since` inclusive, `until` exclusive, as the API reads them.
 */
export type TimeRange =
  { kind: 'preset'; preset: RangePreset } | { kind: 'custom'; since: number | null; until: number | null };

export const ALL_TIME: TimeRange = { kind: 'preset', preset: 'all' };

export interface ResolvedRange {
  since?: number;
  until?: number;
}

const isPreset = (value: string | null): value is RangePreset =>
  value !== null && (RANGE_PRESETS as readonly string[]).includes(value);

function parseMs(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const ms = Number(value);
  return Number.isFinite(ms) && ms >= 0 ? Math.floor(ms) : null;
}

/** Reads `since`/`until` (custom, they win) or `range` (a preset) from the URL. */
export function parseRange(get: (name: string) => string | null): TimeRange {
  const since = parseMs(get('since'));
  const until = parseMs(get('until'));
  if (since !== null || until !== null) {
    if (since !== null && until !== null && until <= since) return { kind: 'custom', since: until, until: since };
    return { kind: 'custom', since, until };
  }
  const preset = get('range');
  return isPreset(preset) ? { kind: 'preset', preset } : ALL_TIME;
}

/** URL parameters of a range; `all` is the default and writes nothing. */
export function rangeToParams(range: TimeRange): Record<string, string> {
  if (range.kind === 'preset') return range.preset === 'all' ? {} : { range: range.preset };
  const params: Record<string, string> = {};
  if (range.since !== null) params['since'] = String(range.since);
  if (range.until !== null) params['until'] = String(range.until);
  return params;
}

/** The API's `since`/`until` at time `now`. */
export function resolveRange(range: TimeRange, now: number): ResolvedRange {
  if (range.kind === 'preset') {
    return range.preset === 'all' ? {} : { since: now - PRESET_DURATION_MS[range.preset] };
  }
  const resolved: ResolvedRange = {};
  if (range.since !== null) resolved.since = range.since;
  if (range.until !== null) resolved.until = range.until;
  return resolved;
}

/** True when new logs can still fall in the range, so live updates make sense. */
export function includesNow(range: TimeRange, now: number): boolean {
  return range.kind === 'preset' || range.until === null || range.until > now;
}

export function sameRange(a: TimeRange, b: TimeRange): boolean {
  if (a.kind === 'preset' || b.kind === 'preset') {
    return a.kind === 'preset' && b.kind === 'preset' && a.preset === b.preset;
  }
  return a.since === b.since && a.until === b.until;
}

/** Anything with the increasing integer id of a stored log. */
export interface HasId {
  id: number;
}

export interface MergeResult<T> {
  /** Newest first, at most `maxRows`. */
  rows: T[];
  /** Items that were new to `rows`. */
  added: number;
  /** True when old rows fell off the end (they can be paged in again with beforeId). */
  trimmed: boolean;
}

/**
 * Puts a newest-first batch in front of newest-first rows. Ids only grow, so anything not newer
 * than the first row is already shown (a reconnect replay overlaps what the page has).
 */
export function prependNewest<T extends HasId>(
  rows: readonly T[],
  batch: readonly T[],
  maxRows: number,
): MergeResult<T> {
  const newestShown = rows.length > 0 ? rows[0].id : Number.NEGATIVE_INFINITY;
  const fresh = batch.filter((item) => item.id > newestShown);
  if (fresh.length === 0) return { rows: rows as T[], added: 0, trimmed: false };
  const merged = fresh.length > 1 && fresh[0].id < fresh[fresh.length - 1].id ? [...fresh].reverse() : fresh;
  const all = merged.concat(rows);
  const trimmed = all.length > maxRows;
  return { rows: trimmed ? all.slice(0, maxRows) : all, added: fresh.length, trimmed };
}

/** Adds an older page (beforeId) behind the rows, skipping ids already present. */
export function appendOlder<T extends HasId>(rows: readonly T[], page: readonly T[]): T[] {
  const oldestShown = rows.length > 0 ? rows[rows.length - 1].id : Number.POSITIVE_INFINITY;
  return rows.concat(page.filter((item) => item.id < oldestShown));
}

/** Newest-first items held back while live is paused; keeps the newest `capacity`. */
export function holdBack<T>(
  held: readonly T[],
  batch: readonly T[],
  capacity: number,
): { held: T[]; overflowed: boolean } {
  const all = batch.concat(held);
  return all.length > capacity ? { held: all.slice(0, capacity), overflowed: true } : { held: all, overflowed: false };
}

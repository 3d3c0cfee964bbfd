import type { Database, Statement } from 'better-sqlite3';

/** FTS5 trigram needs three characters; shorter searches scan with instr(). */
export const TRIGRAM = 3;
/** Windows of the search counted per search; a long search samples them evenly. */
const MAX_LOOKUPS = 12;
/** A window is a phrase of three trigrams: far rarer than any one of them ("54321" vs "543"). */
const WINDOW = 5;
/** Windows matched per search: the rarest ones. */
const MATCHED = 2;
/** Counting a trigram's logs stops here: past it, a trigram is simply "common". */
const COUNT_CAP = 2_000;

/** How a search runs: an FTS5 match (candidates) and, when needed, an exact substring check. */
export interface SearchPlan {
  match: string;
  /** Lower-cased needle for `instr(lower(message), ?)`, or null when the match is already exact. */
  verify: string | null;
}

const quote = (text: string): string => `"${text.replace(/"/g, '""')}"`;

/**
 * Plans a substring search on the trigram index. Matching the whole string as a phrase makes
 * FTS5 merge the doclists of every trigram, common ones included ("han" of "handled" is in
 * every log), which is slow when few logs match; matching its rarest five-character windows and
 * checking the substring on those candidates reads far fewer entries. Rarity is a count capped at
 * 2,000 (fts5vocab would walk a common term's whole doclist). When every window is common the
 * phrase stays: many logs will match, and the newest-first walk stops after one page. Non-ASCII
 * searches keep the phrase too, whose Unicode case folding SQLite's ASCII-only lower() could not repeat.
 */
export class SqliteSearchPlanner {
  private readonly documents: Statement;

  constructor(db: Database) {
    this.documents = db
      .prepare(`SELECT count(*) FROM (SELECT 1 FROM logs_fts WHERE logs_fts MATCH ? LIMIT ${COUNT_CAP})`)
      .pluck();
  }

  /** null when no log can match (a trigram nobody has). */
  plan(search: string): SearchPlan | null {
    if (!/^[\x20-\x7e]*$/.test(search)) return { match: quote(search), verify: null };
    const needle = search.toLowerCase();
    const size = Math.min(WINDOW, needle.length);
    const windows = new Set<string>();
    const positions = needle.length - size + 1;
    const step = Math.max(1, Math.floor(positions / MAX_LOOKUPS));
    for (let i = 0; i < positions; i += step) windows.add(needle.slice(i, i + size));
    windows.add(needle.slice(-size));
    const counted = [...windows].map((window) => ({ window, docs: this.documents.get(quote(window)) as number }));
    if (counted.some((entry) => entry.docs === 0)) return null;
    counted.sort((a, b) => a.docs - b.docs);
    const rare = counted.filter((entry) => entry.docs < COUNT_CAP).slice(0, MATCHED);
    if (rare.length === 0) return { match: quote(search), verify: null };
    return { match: rare.map((entry) => quote(entry.window)).join(' AND '), verify: needle.length > size ? needle : null };
  }
}

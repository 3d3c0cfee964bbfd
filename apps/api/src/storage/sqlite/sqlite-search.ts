import type { Database, Statement } from 'better-sqlite3';

/** FTS5 trigram needs three characters; shorter searches scan with instr(). */
export const TRIGRAM = 3;
/** Trigrams looked up per search; a long search samples them evenly. */
const MAX_LOOKUPS = 12;
/** Trigrams matched per search: the rarest ones. */
const MATCHED = 2;

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
 * every log); matching the rarest two and checking the substring on those candidates reads a
 * few hundred entries instead. Non-ASCII searches keep the phrase, whose Unicode case folding
 * SQLite's ASCII-only lower() could not repeat.
 */
export class SqliteSearchPlanner {
  private readonly documents: Statement;

  constructor(db: Database) {
    this.documents = db.prepare('SELECT doc FROM logs_fts_vocab WHERE term = ?').pluck();
  }

  /** null when no log can match (a trigram nobody has). */
  plan(search: string): SearchPlan | null {
    if (!/^[\x20-\x7e]*$/.test(search)) return { match: quote(search), verify: null };
    const needle = search.toLowerCase();
    const trigrams = new Set<string>();
    const positions = needle.length - TRIGRAM + 1;
    const step = Math.max(1, Math.floor(positions / MAX_LOOKUPS));
    for (let i = 0; i < positions; i += step) trigrams.add(needle.slice(i, i + TRIGRAM));
    const counted = [...trigrams].map((trigram) => ({ trigram, docs: (this.documents.get(trigram) as number | undefined) ?? 0 }));
    if (counted.some((entry) => entry.docs === 0)) return null;
    counted.sort((a, b) => a.docs - b.docs);
    const rarest = counted.slice(0, MATCHED).map((entry) => quote(entry.trigram));
    return { match: rarest.join(' AND '), verify: needle.length > TRIGRAM ? needle : null };
  }
}

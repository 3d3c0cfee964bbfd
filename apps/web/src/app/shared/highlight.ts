export interface TextSegment {
  text: string;
  match: boolean;
}

/**
 * Splits `text` around the case-insensitive occurrences of `query`, the same matching the API's
 * `search` does, so the highlighted parts are exactly why a log matched.
 */
export function highlightSegments(text: string, query: string | null | undefined): TextSegment[] {
  if (!query) return [{ text, match: false }];
  const haystack = text.toLowerCase();
  const needle = query.toLowerCase();
  const segments: TextSegment[] = [];
  let from = 0;
  for (let at = haystack.indexOf(needle); at !== -1; at = haystack.indexOf(needle, at + needle.length)) {
    if (at > from) segments.push({ text: text.slice(from, at), match: false });
    segments.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) segments.push({ text: text.slice(from), match: false });
  return segments.length > 0 ? segments : [{ text, match: false }];
}

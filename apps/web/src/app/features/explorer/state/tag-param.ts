import type { TagFilter } from '@logdesk/contracts';

/** Characters that would make the readable `key:value,key:value` form ambiguous. */
const UNSAFE_KEY = /[,:{]|^\s|\s$/;
const UNSAFE_VALUE = /,|^\s|\s$/;

/**
 * Reads the `tags` parameter in either form the API accepts: JSON
 * (`{"env":"prod","region":["eu","us"]}`) or pairs (`env:prod,region:eu`). A key repeated in
 * the pair form ORs its values. Anything malformed reads as no tag filter.
 */
export function parseTagParam(raw: string | null): TagFilter {
  if (!raw || !raw.trim()) return {};
  const tags: TagFilter = {};
  const add = (key: string, value: string): void => {
    if (!key) return;
    const values = (tags[key] ??= []);
    if (!values.includes(value)) values.push(value);
  };
  if (raw.trim().startsWith('{')) {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
      for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
        const values = Array.isArray(value) ? value : [value];
        for (const item of values) if (typeof item === 'string' || typeof item === 'number') add(key, String(item));
      }
    } catch {
      return {};
    }
    return tags;
  }
  for (const pair of raw.split(',')) {
    const colon = pair.indexOf(':');
    if (colon > 0) add(pair.slice(0, colon), pair.slice(colon + 1));
  }
  return tags;
}

/** The API form: always JSON, which carries any character and ORs arrays. Null when empty. */
export function tagsToJson(tags: TagFilter): string | null {
  const keys = Object.keys(tags).filter((key) => tags[key].length > 0);
  if (keys.length === 0) return null;
  const sorted: Record<string, string | string[]> = {};
  for (const key of keys.sort()) sorted[key] = tags[key].length === 1 ? tags[key][0] : [...tags[key]].sort();
  return JSON.stringify(sorted);
}

/** The URL form: readable pairs when every key and value allows it, JSON otherwise. */
export function tagsToUrlParam(tags: TagFilter): string | null {
  const keys = Object.keys(tags)
    .filter((key) => tags[key].length > 0)
    .sort();
  if (keys.length === 0) return null;
  const readable = keys.every((key) => !UNSAFE_KEY.test(key) && tags[key].every((value) => !UNSAFE_VALUE.test(value)));
  if (!readable) return tagsToJson(tags);
  return keys.flatMap((key) => [...tags[key]].sort().map((value) => `${key}:${value}`)).join(',');
}

import { LOG_LEVELS, type LogLevel, type TagFacet, type TagFilter } from '@logdesk/contracts';

export interface LevelFacet {
  level: LogLevel;
  count: number;
  selected: boolean;
}

export interface FacetValue {
  value: string;
  count: number;
  selected: boolean;
}

export interface TagFacetView {
  key: string;
  /** Logs (under the other filters) carrying this key: how "used" it is. */
  usage: number;
  values: FacetValue[];
  selectedCount: number;
}

/** Levels in severity order with the stats counts (which ignore the level filter itself). */
export function levelFacets(
  byLevel: Partial<Record<LogLevel, number>> | undefined,
  selected: readonly LogLevel[],
): LevelFacet[] {
  return LOG_LEVELS.map((level) => ({ level, count: byLevel?.[level] ?? 0, selected: selected.includes(level) }));
}

const byCountThenValue = (a: FacetValue, b: FacetValue): number => b.count - a.count || a.value.localeCompare(b.value);

/**
 * Every bucket the project has, with its count under the current filters; buckets without
 * matches stay listed (count 0) so the user can still pick them, and a selected bucket never
 * disappears from the list.
 */
export function bucketFacets(
  byBucket: Record<string, number> | undefined,
  knownBuckets: readonly string[],
  selected: readonly string[],
): FacetValue[] {
  const names = new Set([...knownBuckets, ...Object.keys(byBucket ?? {}), ...selected]);
  return [...names]
    .map((value) => ({ value, count: byBucket?.[value] ?? 0, selected: selected.includes(value) }))
    .sort(byCountThenValue);
}

/**
 * One facet per tag key. Counts come from the stats (under the current filters, each key's own
 * filter left out); keys only known from the project's tag list come last with no values. A
 * selected value always stays visible, count 0 when nothing matches it any more.
 */
export function tagFacets(
  statsTags: readonly TagFacet[] | undefined,
  projectTags: readonly TagFacet[] | undefined,
  selected: TagFilter,
): TagFacetView[] {
  const facets = new Map<string, TagFacetView>();
  for (const facet of statsTags ?? []) {
    facets.set(facet.key, {
      key: facet.key,
      usage: facet.values.reduce((sum, value) => sum + value.count, 0),
      values: facet.values.map(({ value, count }) => ({ value, count, selected: false })),
      selectedCount: 0,
    });
  }
  for (const facet of projectTags ?? []) {
    if (!facets.has(facet.key)) facets.set(facet.key, { key: facet.key, usage: 0, values: [], selectedCount: 0 });
  }
  for (const [key, values] of Object.entries(selected)) {
    if (values.length === 0) continue;
    const facet = facets.get(key) ?? { key, usage: 0, values: [], selectedCount: 0 };
    for (const value of values) {
      const existing = facet.values.find((item) => item.value === value);
      if (existing) existing.selected = true;
      else facet.values.push({ value, count: 0, selected: true });
    }
    facet.selectedCount = values.length;
    facets.set(key, facet);
  }
  for (const facet of facets.values()) facet.values.sort(byCountThenValue);
  return [...facets.values()].sort((a, b) => b.usage - a.usage || a.key.localeCompare(b.key));
}

/** Facets shown inline: the `inlineCount` most used keys plus every key with a selection. */
export function splitInline(
  facets: readonly TagFacetView[],
  inlineCount: number,
): { inline: TagFacetView[]; more: TagFacetView[] } {
  const inline: TagFacetView[] = [];
  const more: TagFacetView[] = [];
  facets.forEach((facet, rank) => (rank < inlineCount || facet.selectedCount > 0 ? inline : more).push(facet));
  return { inline, more };
}

/** Adds or removes one item of an OR list (levels, buckets). */
export function toggleItem<T>(list: readonly T[], item: T): T[] {
  return list.includes(item) ? list.filter((existing) => existing !== item) : [...list, item];
}

/** Adds or removes one value of a key (OR within the key); an emptied key stops filtering. */
export function toggleTagValue(tags: TagFilter, key: string, value: string): TagFilter {
  const values = toggleItem(tags[key] ?? [], value);
  const next: TagFilter = { ...tags };
  if (values.length > 0) next[key] = values;
  else delete next[key];
  return next;
}

/** Narrows to exactly `key=value` (the detail panel's one-click filter). */
export function onlyTagValue(tags: TagFilter, key: string, value: string): TagFilter {
  return { ...tags, [key]: [value] };
}

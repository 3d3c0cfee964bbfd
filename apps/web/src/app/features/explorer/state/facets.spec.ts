import { bucketFacets, levelFacets, onlyTagValue, splitInline, tagFacets, toggleItem, toggleTagValue } from './facets';

describe(levelFacets.name, () => {
  it('lists the five levels in severity order with counts and selection', () => {
    expect(levelFacets({ debug: 1, info: 2, warn: 0, error: 7, fatal: 0 }, ['error'])).toEqual([
      { level: 'debug', count: 1, selected: false },
      { level: 'info', count: 2, selected: false },
      { level: 'warn', count: 0, selected: false },
      { level: 'error', count: 7, selected: true },
      { level: 'fatal', count: 0, selected: false },
    ]);
  });

  it('counts zero before the stats arrive', () => {
    expect(levelFacets(undefined, []).map((facet) => facet.count)).toEqual([0, 0, 0, 0, 0]);
  });
});

describe(bucketFacets.name, () => {
  it('merges known buckets with the counts, most frequent first, then by name', () => {
    expect(bucketFacets({ api: 5, web: 9 }, ['jobs', 'api', 'web', 'auth'], [])).toEqual([
      { value: 'web', count: 9, selected: false },
      { value: 'api', count: 5, selected: false },
      { value: 'auth', count: 0, selected: false },
      { value: 'jobs', count: 0, selected: false },
    ]);
  });

  it('keeps a selected bucket listed even when neither list has it', () => {
    expect(bucketFacets({}, [], ['gone'])).toEqual([{ value: 'gone', count: 0, selected: true }]);
  });
});

describe(tagFacets.name, () => {
  const stats = [
    {
      key: 'env',
      values: [
        { value: 'prod', count: 8 },
        { value: 'dev', count: 2 },
      ],
    },
    { key: 'region', values: [{ value: 'eu', count: 30 }] },
  ];

  it('orders keys by how many logs carry them and values by count', () => {
    const facets = tagFacets(stats, [], {});
    expect(facets.map((facet) => [facet.key, facet.usage])).toEqual([
      ['region', 30],
      ['env', 10],
    ]);
    expect(facets[1].values.map((value) => value.value)).toEqual(['prod', 'dev']);
  });

  it('adds keys only the project list knows, last and without values', () => {
    const facets = tagFacets(stats, [{ key: 'team', values: [{ value: 'core', count: 100 }] }], {});
    expect(facets[2]).toEqual({ key: 'team', usage: 0, values: [], selectedCount: 0 });
  });

  it('marks selected values and keeps a selected value that no longer matches, with count 0', () => {
    const facets = tagFacets(stats, [], { env: ['dev', 'test'] });
    const env = facets.find((facet) => facet.key === 'env')!;
    expect(env.selectedCount).toBe(2);
    expect(env.values).toEqual([
      { value: 'prod', count: 8, selected: false },
      { value: 'dev', count: 2, selected: true },
      { value: 'test', count: 0, selected: true },
    ]);
  });

  it('shows a selected key the stats do not list', () => {
    expect(tagFacets([], [], { ghost: ['x'] })).toEqual([
      { key: 'ghost', usage: 0, values: [{ value: 'x', count: 0, selected: true }], selectedCount: 1 },
    ]);
  });
});

describe(splitInline.name, () => {
  it('puts the most used keys inline and the rest behind "more", except keys in use', () => {
    const facets = tagFacets(
      [
        { key: 'a', values: [{ value: '1', count: 9 }] },
        { key: 'b', values: [{ value: '1', count: 8 }] },
        { key: 'c', values: [{ value: '1', count: 7 }] },
        { key: 'd', values: [{ value: '1', count: 6 }] },
      ],
      [],
      { d: ['1'] },
    );
    const { inline, more } = splitInline(facets, 2);
    expect(inline.map((facet) => facet.key)).toEqual(['a', 'b', 'd']);
    expect(more.map((facet) => facet.key)).toEqual(['c']);
  });
});

describe(toggleTagValue.name, () => {
  it('ORs values within a key and drops a key when its last value goes', () => {
    let tags = toggleTagValue({}, 'env', 'prod');
    expect(tags).toEqual({ env: ['prod'] });
    tags = toggleTagValue(tags, 'env', 'dev');
    expect(tags).toEqual({ env: ['prod', 'dev'] });
    tags = toggleTagValue(tags, 'region', 'eu');
    expect(tags).toEqual({ env: ['prod', 'dev'], region: ['eu'] });
    tags = toggleTagValue(tags, 'env', 'prod');
    tags = toggleTagValue(tags, 'env', 'dev');
    expect(tags).toEqual({ region: ['eu'] });
  });

  it('never mutates its input', () => {
    const tags = { env: ['prod'] };
    toggleTagValue(tags, 'env', 'dev');
    expect(tags).toEqual({ env: ['prod'] });
  });
});

describe(onlyTagValue.name, () => {
  it('narrows one key to a single value and keeps the other keys', () => {
    expect(onlyTagValue({ env: ['prod', 'dev'], region: ['eu'] }, 'env', 'dev')).toEqual({
      env: ['dev'],
      region: ['eu'],
    });
  });
});

describe(toggleItem.name, () => {
  it('adds a missing item and removes a present one', () => {
    expect(toggleItem(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleItem(['a', 'b'], 'a')).toEqual(['b']);
  });
});

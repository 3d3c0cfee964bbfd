import { includesNow, parseRange, rangeToParams, resolveRange, sameRange } from './time-range';

const reader = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe(parseRange.name, () => {
  it('swaps a reversed custom range instead of querying nothing', () => {
    expect(parseRange(reader({ since: '200', until: '100' }))).toEqual({ kind: 'custom', since: 100, until: 200 });
  });

  it('ignores bounds that are not Unix ms', () => {
    expect(parseRange(reader({ since: 'yesterday' }))).toEqual({ kind: 'preset', preset: 'all' });
    expect(parseRange(reader({ since: '-5' }))).toEqual({ kind: 'preset', preset: 'all' });
  });
});

describe(resolveRange.name, () => {
  it('rolls presets with the clock and passes custom bounds through', () => {
    expect(resolveRange({ kind: 'preset', preset: '5m' }, 1_000_000)).toEqual({ since: 700_000 });
    expect(resolveRange({ kind: 'preset', preset: '7d' }, 1e12)).toEqual({ since: 1e12 - 7 * 86_400_000 });
    expect(resolveRange({ kind: 'preset', preset: 'all' }, 5)).toEqual({});
    expect(resolveRange({ kind: 'custom', since: null, until: 9 }, 5)).toEqual({ until: 9 });
  });
});

describe(includesNow.name, () => {
  it('is live for presets and open or future-ended custom ranges only', () => {
    expect(includesNow({ kind: 'preset', preset: '1h' }, 10)).toBe(true);
    expect(includesNow({ kind: 'custom', since: 1, until: null }, 10)).toBe(true);
    expect(includesNow({ kind: 'custom', since: 1, until: 11 }, 10)).toBe(true);
    expect(includesNow({ kind: 'custom', since: 1, until: 10 }, 10)).toBe(false);
  });
});

describe(rangeToParams.name, () => {
  it('round-trips presets and custom ranges', () => {
    for (const range of [
      { kind: 'preset', preset: '24h' },
      { kind: 'preset', preset: 'all' },
      { kind: 'custom', since: 5, until: 9 },
      { kind: 'custom', since: null, until: 9 },
    ] as const) {
      expect(sameRange(parseRange(reader(rangeToParams(range))), range)).toBe(true);
    }
  });
});

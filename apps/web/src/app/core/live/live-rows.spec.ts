import { appendOlder, holdBack, prependNewest } from './live-rows';

const rows = (...ids: number[]) => ids.map((id) => ({ id }));
const idsOf = (items: { id: number }[]) => items.map((item) => item.id);

describe(prependNewest.name, () => {
  it('puts newer logs in front and skips ids already shown (reconnect replay)', () => {
    const result = prependNewest(rows(5, 4, 3), rows(7, 6, 5, 4), 10);
    expect(idsOf(result.rows)).toEqual([7, 6, 5, 4, 3]);
    expect(result.added).toBe(2);
    expect(result.trimmed).toBe(false);
  });

  it('trims the oldest rows past the bound and says so', () => {
    const result = prependNewest(rows(3, 2, 1), rows(5, 4), 4);
    expect(idsOf(result.rows)).toEqual([5, 4, 3, 2]);
    expect(result.trimmed).toBe(true);
  });

  it('accepts a batch in ascending order too', () => {
    expect(idsOf(prependNewest(rows(1), rows(2, 3), 10).rows)).toEqual([3, 2, 1]);
  });

  it('returns the same array when nothing is new', () => {
    const current = rows(3, 2);
    expect(prependNewest(current, rows(2), 10).rows).toBe(current);
  });
});

describe(appendOlder.name, () => {
  it('adds an older page behind the rows without duplicates', () => {
    expect(idsOf(appendOlder(rows(9, 8), rows(8, 7, 6)))).toEqual([9, 8, 7, 6]);
  });
});

describe(holdBack.name, () => {
  it('keeps the newest held logs up to the capacity and reports an overflow', () => {
    expect(holdBack(rows(2, 1), rows(4, 3), 10)).toEqual({ held: rows(4, 3, 2, 1), overflowed: false });
    expect(holdBack(rows(2, 1), rows(4, 3), 3)).toEqual({ held: rows(4, 3, 2), overflowed: true });
  });
});

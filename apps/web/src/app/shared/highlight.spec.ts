import { highlightSegments } from './highlight';

describe(highlightSegments.name, () => {
  it('marks every case-insensitive match and keeps the original casing', () => {
    expect(highlightSegments('Timeout after timeout', 'TIMEOUT')).toEqual([
      { text: 'Timeout', match: true },
      { text: ' after ', match: false },
      { text: 'timeout', match: true },
    ]);
  });

  it('returns the text whole without a query or without a match', () => {
    expect(highlightSegments('abc', '')).toEqual([{ text: 'abc', match: false }]);
    expect(highlightSegments('abc', 'x')).toEqual([{ text: 'abc', match: false }]);
  });

  it('does not overlap matches', () => {
    expect(highlightSegments('aaaa', 'aa').filter((s) => s.match)).toHaveLength(2);
  });
});

import { presencePercent, typeBarText, typeSegments } from './type-bars';

describe('type bars', () => {
  test('an integer property that some app version sends as text reads "int 84 % · string 16 % since 5.2.0"', () => {
    const segments = typeSegments({ string: 160, integer: 840 }, '5.2.0');
    expect(segments.map((s) => [s.type, s.percent, s.since])).toEqual([
      ['integer', 84, undefined],
      ['string', 16, '5.2.0'],
    ]);
    expect(typeBarText(segments)).toBe('int 84 % · string 16 % since 5.2.0');
  });

  test('rounded shares always add up to 100, the largest remainders taking the spare points', () => {
    expect(typeSegments({ integer: 2, string: 1 }).map((s) => s.percent)).toEqual([67, 33]);
    expect(typeSegments({ a: 1, b: 1, c: 1 }).map((s) => s.percent)).toEqual([34, 33, 33]);
    const uneven = typeSegments({ integer: 7, number: 7, string: 7, boolean: 7, null: 3 });
    expect(uneven.reduce((sum, s) => sum + s.percent, 0)).toBe(100);
  });

  test('a type seen too rarely to reach one percent still shows, as <1 %', () => {
    const segments = typeSegments({ integer: 999, null: 1 });
    expect(segments.map((s) => s.percent)).toEqual([100, 0]);
    expect(typeBarText(segments)).toBe('int 100 % · null <1 %');
  });

  test('a single type has no "since", and types never seen are left out', () => {
    expect(typeBarText(typeSegments({ boolean: 5, string: 0 }, '5.2.0'))).toBe('bool 100 %');
    expect(typeSegments({})).toEqual([]);
  });

  test('presence is a share of the event volume, capped at 100', () => {
    expect(presencePercent(450, 1000)).toBe(45);
    expect(presencePercent(12, 0)).toBe(0);
    expect(presencePercent(11, 10)).toBe(100);
  });
});

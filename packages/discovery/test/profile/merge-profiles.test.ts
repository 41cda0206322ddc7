import {
  emptyProfile,
  mergeProfiles,
  type ProfileEvent,
  type ProfileExample,
  type ProfileProperty,
} from '../../src/profile';

const event = (daily: ProfileEvent['daily'], total: number): ProfileEvent => ({
  sourceId: 's',
  name: 'Order Completed',
  kind: 'track',
  total,
  firstSeen: 1,
  lastSeen: 2,
  daily,
  views: [],
  truncated: 0,
});

const property = (topValues: ProfileProperty['topValues'], highCardinality = false): ProfileProperty => ({
  sourceId: 's',
  event: 'Order Completed',
  kind: 'track',
  path: 'currency',
  present: topValues.reduce((sum, v) => sum + v.count, 0),
  types: { string: topValues.reduce((sum, v) => sum + v.count, 0) },
  native: {},
  firstSeen: 5,
  lastSeen: 6,
  versions: [],
  topValues,
  sketched: topValues.reduce((sum, v) => sum + v.count, 0),
  highCardinality,
  masks: [],
  masked: 0,
  personal: 1,
});

describe('mergeProfiles', () => {
  it('adds daily counts and keeps only the last 90 days before the latest day', () => {
    const a = event([{ day: '2026-01-01', appVersion: '1', platform: 'web', count: 4 }], 4);
    const b = event(
      [
        { day: '2026-03-31', appVersion: '1', platform: 'web', count: 2 },
        { day: '2026-04-01', appVersion: '1', platform: 'web', count: 3 },
      ],
      5,
    );
    const [merged] = mergeProfiles({ ...emptyProfile(), events: [a] }, { ...emptyProfile(), events: [b] }).events;
    expect(merged.total).toBe(9);
    // 2026-04-01 minus 89 days is 2026-01-02: January 1st falls out.
    expect(merged.daily.map((d) => d.day)).toEqual(['2026-03-31', '2026-04-01']);
  });

  it('adds top values and cuts them back to 20, most frequent first', () => {
    const a = property(Array.from({ length: 20 }, (_, i) => ({ value: `a${i}`, count: 1 + i })));
    const b = property([
      { value: 'a0', count: 100 },
      { value: 'b', count: 50 },
    ]);
    const [merged] = mergeProfiles(
      { ...emptyProfile(), properties: [a] },
      { ...emptyProfile(), properties: [b] },
    ).properties;
    expect(merged.topValues).toHaveLength(20);
    expect(merged.topValues.slice(0, 3)).toEqual([
      { value: 'a0', count: 101 },
      { value: 'b', count: 50 },
      { value: 'a19', count: 20 },
    ]);
    expect(merged).toMatchObject({ present: 360, personal: 2, sketched: 360, types: { string: 360 } });
  });

  it('keeps at most three distinct examples of a shape', () => {
    const example = (examples: Record<string, unknown>[]): ProfileExample => ({
      sourceId: 's',
      event: 'e',
      kind: 'track',
      shape: 'h',
      paths: ['a:string'],
      count: examples.length,
      examples,
    });
    const merged = mergeProfiles(
      { ...emptyProfile(), examples: [example([{ a: 'x' }, { a: 'y' }])] },
      { ...emptyProfile(), examples: [example([{ a: 'y' }, { a: 'z' }, { a: 'w' }])] },
    ).examples;
    expect(merged).toEqual([{ ...example([{ a: 'x' }, { a: 'y' }, { a: 'z' }]), count: 5 }]);
  });
});

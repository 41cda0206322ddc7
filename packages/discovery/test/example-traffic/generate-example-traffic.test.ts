import { createHash } from 'node:crypto';
import { samplePlans } from '@tracemap/tracking-plan';
import { SOURCE_FORMATS, generateExampleTraffic, planSnapshotOf, type SourceFormat } from '../../src';
import { observe } from './traffic-support';

function digest(format: SourceFormat, seed: number, events: number): string {
  const hash = createHash('sha256');
  for (const record of generateExampleTraffic({ seed, events, format })) hash.update(JSON.stringify(record) + '\n');
  return hash.digest('hex');
}

describe('example traffic', () => {
  it.each(SOURCE_FORMATS)('writes the same %s bytes for the same seed, and others for another seed', (format) => {
    expect(digest(format, 7, 2_000)).toBe(digest(format, 7, 2_000));
    expect(digest(format, 7, 2_000)).not.toBe(digest(format, 8, 2_000));
  });

  it.each(SOURCE_FORMATS)('adapts back through the %s adapter with no error and exactly the events asked', (format) => {
    const { observed, errors, records } = observe(format, 3, 5_000);
    expect(errors).toEqual([]);
    expect(observed).toHaveLength(5_000);
    expect(records).toBeGreaterThan(0);
    expect(observed.every((event) => event.context.appVersion !== null && event.context.sessionKey)).toBe(true);
  });

  it('detects its own format from its first record', () => {
    const { detectFormat } = jest.requireActual<typeof import('../../src')>('../../src');
    for (const format of SOURCE_FORMATS) {
      const first = generateExampleTraffic({ seed: 1, events: 10, format }).next().value;
      expect(detectFormat(first)).toBe(format);
    }
  });

  it('makes records lazily: the first of a billion events comes without the rest', () => {
    const records = generateExampleTraffic({ seed: 1, events: 1_000_000_000, format: 'segment' });
    const first = [records.next(), records.next(), records.next()];
    expect(first.every((result) => result.done === false)).toBe(true);
  });

  it('follows the plan it is given, even one without maps', () => {
    const withoutMaps = planSnapshotOf({ ...samplePlans.ecommerce, maps: [] });
    const { observed, errors } = observe('segment', 5, 2_000, withoutMaps);
    expect(errors).toEqual([]);
    expect(observed).toHaveLength(2_000);
    const pages = new Set(observed.filter((e) => e.kind === 'page').map((e) => e.name));
    expect(pages.size).toBeGreaterThan(1);
    expect(pages.has('Store Locator')).toBe(false);
  });

  it('writes nothing for zero events', () => {
    expect([...generateExampleTraffic({ seed: 1, events: 0, format: 'amplitude-export' })]).toEqual([]);
  });
});

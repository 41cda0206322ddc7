import { discoveryKpis, shareText } from './kpis';

test('KPIs: planned share of the volume, planned events seen and open findings by severity', () => {
  const kpis = discoveryKpis(
    [
      { match: 'matched', volume: 600 },
      { match: 'matched', volume: 200 },
      { match: 'unplanned', volume: 200 },
      { match: 'planned_unseen', volume: 0 },
      { match: 'planned_unseen', volume: 0 },
    ],
    [
      { severity: 'high', state: 'open' },
      { severity: 'low', state: 'open' },
      { severity: 'low', state: 'open' },
      { severity: 'high', state: 'acknowledged' },
    ],
  );
  expect(kpis).toMatchObject({ observedVolume: 1000, plannedEvents: 4, plannedSeen: 2 });
  expect(shareText(kpis.plannedVolumeShare)).toBe('80 %');
  expect(shareText(kpis.plannedSeenShare)).toBe('50 %');
  expect(kpis.openBySeverity).toEqual({ high: 1, medium: 0, low: 2 });
});

test('with nothing observed and nothing planned the shares are a dash, not 0 %', () => {
  const kpis = discoveryKpis([], []);
  expect(shareText(kpis.plannedVolumeShare)).toBe('—');
  expect(shareText(kpis.plannedSeenShare)).toBe('—');
});

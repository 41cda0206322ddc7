import type { DiscoveryOverview } from '@tracemap/contracts';
import { discoveryKpis, shareText } from './kpis';

const overview = (figures: Partial<DiscoveryOverview>): DiscoveryOverview => ({
  observedEvents: 0,
  observedVolume: 0,
  plannedVolume: 0,
  plannedEvents: 0,
  plannedSeen: 0,
  unplannedEvents: 0,
  openBySeverity: { low: 0, medium: 0, high: 0 },
  planVersion: null,
  ...figures,
});

test('KPIs: planned share of the volume, planned events seen and open findings by severity', () => {
  const kpis = discoveryKpis(
    overview({
      observedEvents: 3,
      observedVolume: 1000,
      plannedVolume: 800,
      plannedEvents: 4,
      plannedSeen: 2,
      openBySeverity: { high: 1, medium: 0, low: 2 },
    }),
  );
  expect(kpis).toMatchObject({ observedVolume: 1000, plannedEvents: 4, plannedSeen: 2 });
  expect(shareText(kpis.plannedVolumeShare)).toBe('80 %');
  expect(shareText(kpis.plannedSeenShare)).toBe('50 %');
  expect(kpis.openBySeverity).toEqual({ high: 1, medium: 0, low: 2 });
});

test('with nothing observed and nothing planned the shares are a dash, not 0 %', () => {
  const kpis = discoveryKpis(overview({}));
  expect(shareText(kpis.plannedVolumeShare)).toBe('—');
  expect(shareText(kpis.plannedSeenShare)).toBe('—');
});

import type { DestinationCredentials, DestinationSettings, PlanSnapshot, SyncMode } from '@tracemap/contracts';
import { LOCAL_DESTINATIONS as L, type DestinationsSandbox } from '@tracemap/destinations-sandbox';
import { planSnapshotOf } from '@tracemap/discovery';
import { samplePlans } from '@tracemap/tracking-plan';
import { pushDestination, type Clock, type PushDestinationInput } from '../../src/destinations';

export const KINDS = ['segment', 'amplitude', 'mparticle', 'rudderstack'] as const;
export type Kind = (typeof KINDS)[number];

export const samplePlan = (): PlanSnapshot => planSnapshotOf(samplePlans.ecommerce);

export function settingsOf(kind: Kind, mode: SyncMode = 'upsert'): DestinationSettings {
  switch (kind) {
    case 'segment':
      return { kind, trackingPlanId: L.segment.trackingPlanId, mode };
    case 'amplitude':
      return { kind, mode };
    case 'mparticle':
      return { kind, workspaceId: L.mparticle.workspaceId, planId: L.mparticle.planId, mode };
    case 'rudderstack':
      return { kind, trackingPlanId: L.rudderstack.trackingPlanId, mode };
  }
}

export function credentialsOf(kind: Kind): DestinationCredentials {
  switch (kind) {
    case 'segment':
      return { kind, token: L.segment.token };
    case 'amplitude':
      return { kind, apiKey: L.amplitude.apiKey, secretKey: L.amplitude.secretKey };
    case 'mparticle':
      return { kind, clientId: L.mparticle.clientId, clientSecret: L.mparticle.clientSecret };
    case 'rudderstack':
      return { kind, token: L.rudderstack.token };
  }
}

/** A clock whose sleeps move time on at once and are remembered. */
export function fakeClock(): Clock & { slept: number[] } {
  let now = Date.parse('2026-01-01T00:00:00Z');
  const slept: number[] = [];
  return {
    slept,
    now: () => now,
    sleep: async (ms) => {
      slept.push(ms);
      now += ms;
    },
  };
}

export function push(
  sandbox: DestinationsSandbox,
  kind: Kind,
  overrides: Partial<PushDestinationInput> & { mode?: SyncMode } = {},
) {
  const { mode, ...rest } = overrides;
  return pushDestination({
    settings: settingsOf(kind, mode),
    credentials: credentialsOf(kind),
    baseUrl: sandbox.url,
    tokenUrl: `${sandbox.url}/oauth/token`,
    snapshot: samplePlan(),
    clock: fakeClock(),
    ...rest,
  });
}

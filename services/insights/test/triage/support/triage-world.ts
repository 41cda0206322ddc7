import { randomUUID } from 'node:crypto';
import type { PlanSnapshot } from '@tracemap/contracts';
import { SERVICE_TOKEN, startHarness, type Harness, type TestUser } from '../../support/harness';
import { TriagePeer } from './triage-peer';

export interface TriageWorld {
  h: Harness;
  peer: TriagePeer;
  close(): Promise<void>;
  /** A company with a running subscription, its plan, an editor and a viewer. */
  company(
    plan: (companyId: string) => PlanSnapshot,
  ): Promise<{ companyId: string; editor: TestUser; viewer: TestUser }>;
}

/** The service with billing enforced, and the company service played by the triage peer. */
export async function startTriageWorld(): Promise<TriageWorld> {
  const peer = new TriagePeer(SERVICE_TOKEN);
  await peer.start();
  const h = await startHarness({
    env: {
      COMPANY_URL: peer.url,
      SUBSCRIPTION_URL: peer.url,
      BILLING_ENFORCED: 'true',
      SUBSCRIPTION_STATUS_CACHE_MS: '0',
    },
  });
  peer.peer = h.peer;
  return {
    h,
    peer,
    async close() {
      await h.close();
      await peer.stop();
    },
    async company(plan) {
      const companyId = randomUUID();
      h.peer.snapshots.set(companyId, plan(companyId));
      h.peer.subscriptions.set(companyId, 'active');
      return { companyId, editor: await h.user(companyId, 'creator'), viewer: await h.user(companyId, 'viewer') };
    },
  };
}

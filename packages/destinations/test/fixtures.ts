import type { PlanSnapshot } from '@tracemap/contracts';
import { planSnapshotOf } from '@tracemap/discovery';
import { samplePlans } from '@tracemap/tracking-plan';

export const sample = (): PlanSnapshot => planSnapshotOf(samplePlans.ecommerce);

/** The sample plan with `count` track events, each a copy of the sample's first track event under a new name. */
export function planWithEvents(count: number, name = (i: number) => `Generated Event ${i}`): PlanSnapshot {
  const plan = sample();
  const template = plan.events.find((e) => e.kind === 'track')!;
  const events = Array.from({ length: count }, (_, i) => ({
    ...template,
    id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    name: name(i),
  }));
  return { ...plan, events };
}

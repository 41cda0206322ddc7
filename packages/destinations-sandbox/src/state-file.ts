import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DestinationsSandboxState } from './sandbox';

export function readState(file: string | undefined): DestinationsSandboxState | null {
  if (!file || !existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as DestinationsSandboxState;
  } catch {
    // A damaged file is a fresh start, as if the destinations were new.
    return null;
  }
}

/** Written whole to a neighbour and renamed over the old file, so a crash never leaves half of it. */
export function writeState(file: string, state: DestinationsSandboxState): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const next = `${file}.next`;
  writeFileSync(next, JSON.stringify(state));
  renameSync(next, file);
}

/** How much each destination holds, at a glance. */
export function summary(state: DestinationsSandboxState) {
  return {
    segment: Object.fromEntries(
      Object.entries(state.segment.trackingPlans).map(([id, rules]) => [id, { rules: rules.length }]),
    ),
    amplitude: {
      events: state.amplitude.events.length,
      eventProperties: state.amplitude.eventProperties.length,
      userProperties: state.amplitude.userProperties.length,
    },
    mparticle: Object.fromEntries(
      Object.entries(state.mparticle.plans).map(([id, plan]) => [
        id,
        {
          versions: plan.data_plan_versions.length,
          dataPoints: plan.data_plan_versions.at(-1)?.version_document.data_points.length ?? 0,
        },
      ]),
    ),
    rudderstack: {
      events: state.rudderstack.events.length,
      properties: state.rudderstack.properties.length,
      trackingPlans: Object.fromEntries(
        Object.entries(state.rudderstack.trackingPlans).map(([id, events]) => [id, { events: events.length }]),
      ),
    },
  };
}

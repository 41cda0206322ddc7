// A local stand-in of the four destinations the plan is pushed to.
export {
  startDestinationsSandbox,
  emptyState,
  LOCAL_DESTINATIONS,
  type DestinationsSandbox,
  type DestinationsSandboxOptions,
  type DestinationsSandboxState,
  type RecordedRequest,
} from './sandbox';
export type { Fault, Vendor } from './faults';
export type { SandboxSegmentRule, SegmentSandboxState } from './segment-api';
export type { AmplitudeSandboxState, SandboxAmplitudeEvent, SandboxAmplitudeProperty } from './amplitude-api';
export type { MparticleSandboxState, SandboxDataPlanVersion } from './mparticle-api';
export type {
  RudderstackSandboxState,
  SandboxCatalogEvent,
  SandboxCatalogProperty,
  SandboxPlanEvent,
} from './rudderstack-api';

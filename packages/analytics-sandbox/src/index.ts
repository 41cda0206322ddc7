// Local stand-ins of the analytics vendors the insights service pulls from.
export {
  startAnalyticsSandbox,
  type AnalyticsSandbox,
  type AnalyticsSandboxData,
  type AnalyticsSandboxOptions,
} from './sandbox';
export { createSandboxServiceAccount, type SandboxServiceAccount } from './ga4-token';
export type { Ga4SandboxEvents, Ga4SandboxProperty } from './ga4-data-api';
export type { AmplitudeSandboxProject } from './amplitude-export-api';
export type { Fault, Vendor } from './faults';
export {
  startLocalAnalyticsSandbox,
  LOCAL_AMPLITUDE_KEYS,
  LOCAL_GA4_PROPERTY,
  type LocalAnalyticsSandbox,
} from './local-sandbox';

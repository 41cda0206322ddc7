export { generateExampleTraffic, type ExampleTrafficOptions } from './generate-example-traffic';
export {
  examplePlanSnapshot,
  planSnapshotOf,
  EXAMPLE_DEPRECATED_EVENT,
  type PlanSnapshotOptions,
} from './example-plan';
export { EXAMPLE_DEFECTS, APP_VERSIONS } from './scenario';
export { FORMATS_WITH_IDENTIFY, type TrafficRecord } from './encoders';
export { mulberry32 } from './prng';
export {
  exampleTruth,
  exampleUnmappedTransitions,
  type ExpectedFinding,
  type ExampleTruthOptions,
  type ExpectedTransition,
} from './example-truth';

export { judge, type JudgeOptions } from './judge';
export { fingerprintOf, compareVersions } from './finding';
export { EXPECTED_STATUSES, RETIRED_STATUSES } from './event-findings';
export { DEFAULT_PROPERTY_THRESHOLDS, type PropertyThresholds } from './property-findings';
export { DEFAULT_TRAFFIC_THRESHOLDS, type TrafficThresholds } from './traffic-findings';
export { mapOverlay } from './map-overlay';

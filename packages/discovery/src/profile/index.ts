export * from './profile';
export { createProfileBuilder, type ProfileBuilder, type ProfileBuilderOptions } from './profile-builder';
export {
  mergeProfiles,
  mergeEventRows,
  mergePropertyRows,
  mergeTransitionRows,
  mergeExampleRows,
  eventRowKey,
  propertyRowKey,
  transitionRowKey,
  exampleRowKey,
} from './merge-profiles';
export { stringType, valueType, looksPersonal } from './value-types';
export { viewKeyOf, viewKeyOfUrl, ID_SEGMENT } from './view-key';
export { stableHash } from './shape-hash';

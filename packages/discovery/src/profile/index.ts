export * from './profile';
export {
  createProfileBuilder,
  SHAPES_WITH_EXAMPLES_MAX,
  type ProfileBuilder,
  type ProfileBuilderOptions,
} from './profile-builder';
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

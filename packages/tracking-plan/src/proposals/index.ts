export * from './merge-plans';
export { mergeField, type FieldMerge, type ThreeWay } from './merge-values';
export { planLintInput } from './plan-lint-input';

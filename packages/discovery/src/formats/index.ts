export {
  SOURCE_FORMATS,
  isSourceFormat,
  type SourceFormat,
  type AdaptResult,
  type AdaptOptions,
} from './source-format';
export { MAX_NESTING_DEPTH, MAX_PROPERTIES } from './json-values';
export { detectFormat } from './detect-format';
export { adaptRecord } from './adapt-record';

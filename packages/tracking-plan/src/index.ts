export * from './names';
export * from './validation';
export * from './narrowing';
export * from './resolve';
export * from './json-schema';
export * from './lint';
export { SimilarNameIndex } from './lint/similar-index';
export * from './native';
export { ensureContractFormats } from './formats';

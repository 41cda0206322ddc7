/**
 * The parts of the pure tracking-plan package these pages use, taken from their own modules:
 * the package index also carries the CSV codec (papaparse) and the sample plans, which would
 * otherwise ride along in every editor chunk. The sample plan is loaded on demand elsewhere.
 */
export { matchesNameCase, toNameCase } from '@tracemap/tracking-plan/src/names';
export { validationProblems, valueTypeOf } from '@tracemap/tracking-plan/src/validation';
export { lintEntity, type LintInput } from '@tracemap/tracking-plan/src/lint';
export { narrowingProblem } from '@tracemap/tracking-plan/src/narrowing';

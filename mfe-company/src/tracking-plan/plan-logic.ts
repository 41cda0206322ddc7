/**
 * The parts of the pure tracking-plan package these pages use. The package is
 * side-effect free, so the editor chunks carry only these modules, not the CSV
 * codec or the sample plans (loaded on demand by the import dialog).
 */
export {
  matchesNameCase,
  toNameCase,
  validationProblems,
  valueTypeOf,
  lintEntity,
  type LintInput,
  narrowingProblem,
} from '@tracemap/tracking-plan';

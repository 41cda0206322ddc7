import type { EvalCase } from './eval-case';
import { PLAN_QUESTIONS } from './plan-questions';
import { REASONING_QUESTIONS } from './reasoning-questions';

export { CATEGORIES, type Category, type EvalCase, type Facts } from './eval-case';

/**
 * Questions over the sample e-commerce plan and the example traffic, with
 * what a right answer says. Expected figures of the plan come from the sample
 * as shipped; observed figures from the profile of the example traffic.
 */
export const EVAL_SET: EvalCase[] = [...PLAN_QUESTIONS, ...REASONING_QUESTIONS];

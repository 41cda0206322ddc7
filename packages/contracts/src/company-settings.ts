import { type Static } from '@sinclair/typebox';
import { literals } from './tracking-plan/model';

/** The naming conventions a company can require of event and attribute names. */
export const NAME_CASES = ['any', 'snake_case', 'camelCase', 'PascalCase', 'Title Case'] as const;
export type NameCase = (typeof NAME_CASES)[number];
export const NameCaseSchema = literals(NAME_CASES);

export type NameCaseValue = Static<typeof NameCaseSchema>;

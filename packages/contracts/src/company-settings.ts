import { NAME_CASES } from './name-cases';
import { literals } from './tracking-plan/model';

export const NameCaseSchema = literals(NAME_CASES);

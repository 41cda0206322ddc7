import { PLAN_STATUSES } from '@tracemap/shell-core';
import { SelectField } from './fields';

const ACTIVE = PLAN_STATUSES.filter((s) => s !== 'archived');

/** Lifecycle status; archiving has its own button, so "archived" is offered only when it is the status. */
export function StatusField({ value, onChange }: { value: string; onChange: (status: string) => void }) {
  return <SelectField<string> label="Status" value={value} options={value === 'archived' ? PLAN_STATUSES : ACTIVE} onChange={onChange} testId="plan-status" />;
}

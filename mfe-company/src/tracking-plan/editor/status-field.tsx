import { PLAN_STATUSES, type PlanStatus } from '@tracemap/shell-core/tracking-plan';
import { SelectField } from './fields';

const ACTIVE = PLAN_STATUSES.filter((s) => s !== 'archived');

/** Lifecycle status; archiving has its own button, so "archived" is offered only when it is the status. */
export function StatusField({
  value,
  onChange,
}: {
  value: PlanStatus | string;
  onChange: (status: PlanStatus) => void;
}) {
  return (
    <SelectField<PlanStatus>
      label="Status"
      value={value as PlanStatus}
      options={value === 'archived' ? PLAN_STATUSES : ACTIVE}
      onChange={onChange}
      testId="plan-status"
    />
  );
}

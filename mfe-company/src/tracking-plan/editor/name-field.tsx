import { matchesNameCase, toNameCase } from '../plan-logic';
import type { LintFinding } from '@tracemap/shell-core/tracking-plan';
import type { NameCase } from '@tracemap/shell-core';
import { TextField } from './fields';

interface NameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The company's naming case for this kind; views have none. */
  nameCase: NameCase | null;
  findings: LintFinding[];
  /** Show "required" only after the user has touched the form, not on an empty new form. */
  showRequired: boolean;
  testId?: string;
}

/** The problem that blocks saving a name at all, or null. */
export function nameProblem(name: string): string | null {
  if (!name.trim()) return 'Name is required';
  if (name !== name.trim()) return 'Name cannot start or end with a space';
  return null;
}

/**
 * The name input: required, and hinted towards the company's naming case as the user types
 * ("Event names here are snake_case: checkout_completed"). The case is advice here; lint
 * decides whether it blocks saving.
 */
export function NameField({ value, onChange, nameCase, findings, showRequired, testId = 'plan-name' }: NameFieldProps) {
  const problem = nameProblem(value);
  // Lint may already say the case is wrong; the hint then only offers the fix.
  const caseFinding = findings.some((f) => f.rule === 'naming-case');
  const offCase = !problem && nameCase && nameCase !== 'any' && !matchesNameCase(value, nameCase);
  const suggestion = offCase ? toNameCase(value, nameCase) : null;
  return (
    <TextField
      label="Name"
      value={value}
      onChange={onChange}
      maxLength={120}
      error={showRequired ? problem : null}
      findings={findings}
      hint={
        offCase ? (
          <>
            {caseFinding ? 'Suggested' : `Names here are ${nameCase}`}
            {suggestion && suggestion !== value ? (
              <>
                : <code data-testid="name-case-suggestion">{suggestion}</code>{' '}
                <button
                  type="button"
                  className="tm-btn tm-btn--ghost tp-small-btn"
                  onClick={() => onChange(suggestion)}
                >
                  Use it
                </button>
              </>
            ) : null}
          </>
        ) : null
      }
      testId={testId}
    />
  );
}

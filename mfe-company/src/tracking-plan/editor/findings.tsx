import type { LintFinding } from '@tracemap/shell-core/tracking-plan';

/** The findings about one field. */
export function findingsFor(findings: LintFinding[], field: string): LintFinding[] {
  return findings.filter((f) => f.field === field);
}

/** Findings about fields this form does not show (or about no field), so none goes unseen. */
export function otherFindings(findings: LintFinding[], shownFields: readonly string[]): LintFinding[] {
  return findings.filter((f) => !f.field || !shownFields.includes(f.field));
}

export function FindingList({ findings }: { findings: LintFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="tp-findings" aria-label="Lint findings" style={{ margin: '0 0 12px', paddingLeft: 20 }}>
      {findings.map((f, i) => (
        <li
          key={`${f.rule}-${i}`}
          className={`tp-finding tp-finding--${f.severity}`}
          data-testid="form-finding"
          data-rule={f.rule}
        >
          {f.severity === 'error' ? 'Error: ' : 'Warning: '}
          {f.message}
        </li>
      ))}
    </ul>
  );
}

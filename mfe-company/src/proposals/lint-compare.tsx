import type { LintReport } from '@tracemap/shell-core/tracking-plan';

const summary = (r: LintReport) =>
  `${r.errors} error${r.errors === 1 ? '' : 's'} · ${r.warnings} warning${r.warnings === 1 ? '' : 's'}`;

function Findings({ report, testId }: { report: LintReport; testId: string }) {
  return (
    <div data-testid={testId}>
      <p data-testid={`${testId}-summary`}>{summary(report)}</p>
      <ul>
        {report.findings.map((f, i) => (
          <li key={`${f.rule}:${f.entityId ?? f.entityName}:${i}`} data-severity={f.severity}>
            <strong>{f.entityName}</strong>: {f.message}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The plan's lint report before the proposal and after it, side by side. */
export function LintCompare({ lint }: { lint: { before: LintReport; after: LintReport } }) {
  return (
    <div className="co-side-by-side" data-testid="lint-compare">
      <div>
        <h4>Before</h4>
        <Findings report={lint.before} testId="lint-before" />
      </div>
      <div>
        <h4>After</h4>
        <Findings report={lint.after} testId="lint-after" />
      </div>
    </div>
  );
}

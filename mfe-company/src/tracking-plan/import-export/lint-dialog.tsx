import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import {
  ENTITY_KINDS,
  lintTrackingPlan,
  type EntityKind,
  type LintFinding,
  type LintReport,
} from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { useCompany } from '../../company-layout/context';
import { planPath } from '../plan-kinds';
import { Dialog } from '../ui/dialog';

/** Findings beyond this many are counted, not listed: the list is for fixing, not for scrolling. */
const SHOWN = 300;

function FindingRow({ finding }: { finding: LintFinding }) {
  const { companyId } = useCompany();
  // Maps have no page yet; their findings are listed without a link.
  const kind = (ENTITY_KINDS as readonly string[]).includes(finding.entityKind)
    ? (finding.entityKind as EntityKind)
    : null;
  const target = finding.entityId && kind ? planPath(companyId, kind, finding.entityId) : null;
  return (
    <li className={`tp-finding tp-finding--${finding.severity}`} data-rule={finding.rule}>
      {target ? <Link to={target}>{finding.entityName}</Link> : <strong>{finding.entityName}</strong>}:{' '}
      {finding.message}
    </li>
  );
}

/** The whole plan checked against the company's lint rules, errors first. */
export function LintDialog({ onClose }: { onClose: () => void }) {
  const { companyId } = useCompany();
  const [report, setReport] = useState<LintReport | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    let alive = true;
    lintTrackingPlan(companyId).then(
      (r) => alive && setReport(r),
      (e: unknown) => alive && setError(e),
    );
    return () => {
      alive = false;
    };
  }, [companyId]);

  const ordered = report
    ? [...report.findings].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1))
    : [];
  return (
    <Dialog title="Check the plan" onClose={onClose} testId="lint-dialog">
      <ApiErrorMessage error={error} testId="lint-error" />
      {!report && !error ? <p aria-busy="true">Checking every attribute, event and view…</p> : null}
      {report ? (
        <>
          <p data-testid="lint-summary">
            <strong>{report.errors}</strong> {report.errors === 1 ? 'error' : 'errors'} ·{' '}
            <strong>{report.warnings}</strong> {report.warnings === 1 ? 'warning' : 'warnings'}
          </p>
          {report.findings.length === 0 ? <p className="co-ok">Nothing to fix: the plan follows every rule.</p> : null}
          <ul style={{ paddingLeft: 20 }}>
            {ordered.slice(0, SHOWN).map((f, i) => (
              <FindingRow key={`${f.rule}-${f.entityId ?? f.entityName}-${i}`} finding={f} />
            ))}
          </ul>
          {ordered.length > SHOWN ? <p className="co-muted">…and {ordered.length - SHOWN} more.</p> : null}
        </>
      ) : null}
    </Dialog>
  );
}

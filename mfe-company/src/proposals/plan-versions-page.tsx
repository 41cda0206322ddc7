import { useCallback, useEffect, useState } from 'react';
import { Button } from '@tracemap/ui';
import { Link, useSearchParams } from 'react-router';
import {
  diffPlanVersions,
  exportPlanVersion,
  listPlanVersions,
  type PlanVersion,
  type VersionDiff,
} from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../components/api-error';
import { useCompany } from '../company-layout/context';
import { useAction } from '../hooks/use-action';
import { downloadText } from '../tracking-plan/ui/download';
import { DiffView } from './diff-view';
import { personName } from './people';

const EDIT_ROLES = ['owner', 'admin', 'creator'];

/** The pair compared first: `?version=` against the one before it, else the newest two. */
export function initialPair(versions: PlanVersion[], asked: number | null): { from: number; to: number } | null {
  const numbers = versions.map((v) => v.version).sort((a, b) => a - b);
  if (numbers.length < 2) return null;
  const to = asked !== null && numbers.includes(asked) && asked !== numbers[0] ? asked : numbers[numbers.length - 1];
  const from = numbers[numbers.indexOf(to) - 1];
  return { from, to };
}

/** /company/:companyId/plan-versions: the plan as merges left it, each one exported or compared with another. */
export function PlanVersionsPage() {
  const { companyId, info } = useCompany();
  const [params] = useSearchParams();
  const [versions, setVersions] = useState<PlanVersion[] | null>(null);
  const [pair, setPair] = useState<{ from: number; to: number } | null>(null);
  const [diff, setDiff] = useState<VersionDiff | null>(null);
  const { busy, error, run } = useAction();
  const canEdit = EDIT_ROLES.includes(info.role);
  const asked = params.get('version') ? Number(params.get('version')) : null;

  const compare = useCallback(
    async (next: { from: number; to: number }) => {
      setDiff(null);
      const answer = await run(() => diffPlanVersions(companyId, next.to, next.from));
      if (answer) setDiff(answer);
    },
    [companyId, run],
  );

  useEffect(() => {
    void (async () => {
      const list = await run(() => listPlanVersions(companyId));
      if (!list) return;
      setVersions(list);
      const first = initialPair(list, asked);
      setPair(first);
      if (first && canEdit) await compare(first);
    })();
  }, [companyId, asked, canEdit, compare, run]);

  const exportVersion = async (version: number) => {
    const text = await run(() => exportPlanVersion(companyId, version));
    if (text !== undefined) downloadText(`tracking-plan-v${version}.json`, text, 'application/json');
  };

  const select = (side: 'from' | 'to', value: string) => pair && setPair({ ...pair, [side]: Number(value) });
  return (
    <section className="tm-container co-page" data-testid="plan-versions-page">
      <h1>Plan versions</h1>
      <p className="co-muted">
        The plan as each merged proposal left it, and as the live plan was when proposals opened.
      </p>
      <ApiErrorMessage error={error} />
      {versions && versions.length === 0 && <p className="co-muted">No versions yet: the first proposal makes one.</p>}
      {versions && versions.length > 0 && (
        <table className="co-table" data-testid="plan-version-list">
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Made by</th>
              <th scope="col">When</th>
              {canEdit && <th scope="col">File</th>}
            </tr>
          </thead>
          <tbody>
            {versions.map((v) => (
              <tr key={v.version} data-testid="plan-version" data-version={v.version}>
                <td>{v.version}</td>
                <td data-testid="plan-version-source">
                  {v.proposalId ? (
                    <Link to={`/company/${companyId}/proposals/${v.proposalId}`}>
                      Merge by {personName(info.users, v.createdBy)}
                    </Link>
                  ) : (
                    `The live plan as a proposal found it (${personName(info.users, v.createdBy)})`
                  )}
                </td>
                <td>{new Date(v.createdAt).toLocaleString()}</td>
                {canEdit && (
                  <td>
                    <Button
                      disabled={busy}
                      onClick={() => void exportVersion(v.version)}
                      data-testid="plan-version-export"
                    >
                      Export
                    </Button>
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {canEdit && versions && pair && (
        <>
          <h2>Compare two versions</h2>
          <div className="co-form co-form--row">
            {(['from', 'to'] as const).map((side) => (
              <label key={side}>
                {side === 'from' ? 'From version' : 'To version'}
                <select
                  value={pair[side]}
                  onChange={(e) => select(side, e.target.value)}
                  data-testid={`compare-${side}`}
                >
                  {versions.map((v) => (
                    <option key={v.version} value={v.version}>
                      {v.version}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <Button disabled={busy} onClick={() => void compare(pair)} data-testid="compare-button">
              Compare
            </Button>
          </div>
          {diff && <DiffView diff={diff} testId="version-diff" />}
        </>
      )}
    </section>
  );
}

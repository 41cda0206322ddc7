import { useEffect, useState } from 'react';
import type { SyncRunSummary, SyncRunView } from '@tracemap/contracts';
import { ApiErrorMessage } from '../components/api-error';
import { getRun, listRuns } from './destinations-api';

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : '—');

/** A destination's pushes, newest first; opening one lists each operation with its outcome. */
export function RunHistory({
  companyId,
  destinationId,
  version,
}: {
  companyId: string;
  destinationId: string;
  version: unknown;
}) {
  const [runs, setRuns] = useState<SyncRunSummary[] | null>(null);
  const [open, setOpen] = useState<SyncRunView | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    const controller = new AbortController();
    listRuns(companyId, destinationId, controller.signal).then(
      (list) => setRuns(list.runs),
      (failure: unknown) => !controller.signal.aborted && setError(failure),
    );
    return () => controller.abort();
  }, [companyId, destinationId, version]);

  const show = (runId: string) => {
    setError(null);
    getRun(companyId, runId).then(setOpen, setError);
  };

  return (
    <div data-testid="run-history">
      <h3>Push history</h3>
      <ApiErrorMessage error={error} />
      {runs?.length === 0 ? <p className="co-muted">Not pushed yet.</p> : null}
      {runs && runs.length > 0 ? (
        <table className="co-table">
          <thead>
            <tr>
              <th>Started</th>
              <th>Status</th>
              <th>Applied</th>
              <th>Refused</th>
              <th>Write calls</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {runs.map((run) => (
              <tr key={run.id} data-testid="run-row" data-status={run.status}>
                <td>{when(run.startedAt ?? run.createdAt)}</td>
                <td>
                  {run.status}
                  {run.attempts > 1 ? ` (taken over ${run.attempts - 1}×)` : ''}
                  {run.error ? <span className="co-muted"> — {run.error}</span> : null}
                </td>
                <td>{run.applied}</td>
                <td>{run.failed}</td>
                <td>{run.writeCalls}</td>
                <td>
                  <button type="button" className="co-link" onClick={() => show(run.id)} data-testid="run-open">
                    Operations
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {open ? (
        <div data-testid="run-operations" data-run-id={open.id}>
          <h4>
            Operations of the push of {when(open.createdAt)} ({open.operations.length})
          </h4>
          {open.operations.length === 0 ? (
            <p className="co-muted">Nothing to change: the destination matched the plan.</p>
          ) : null}
          <ul className="co-list">
            {open.operations.map((op) => (
              <li key={`${op.target}:${op.key}`} data-testid="run-operation" data-status={op.status}>
                <strong>{op.action}</strong> {op.target} <code>{op.key}</code> —{' '}
                {op.status === 'applied'
                  ? 'applied'
                  : `refused${op.httpStatus ? ` (HTTP ${op.httpStatus})` : ''}: ${op.error ?? ''}`}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

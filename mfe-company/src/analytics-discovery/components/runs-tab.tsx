import { useCallback, useEffect, useState } from 'react';
import { Button } from '@tracemap/ui';
import type { Run } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { cancelRun, listRuns } from '../api/discovery-api';
import { useCursorList } from '../hooks/use-cursor-list';
import { nextPollDelay, runIsActive } from '../logic/polling';

/** "1.4 MB" */
export function bytesText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 1 : 0)} ${units[unit]}`;
}

export function RunRow({
  run,
  canCancel,
  busy,
  onCancel,
}: {
  run: Run;
  canCancel: boolean;
  busy: boolean;
  onCancel: (run: Run) => void;
}) {
  return (
    <tr data-testid="run-row" data-id={run.id} data-status={run.status}>
      <td>{new Date(run.createdAt).toLocaleString()}</td>
      <td>{run.format ?? '—'}</td>
      <td data-testid="run-status">
        {run.status}
        {run.failure ? <span className="tp-sub">{run.failure}</span> : null}
      </td>
      <td>{bytesText(run.bytes)}</td>
      <td>{run.lines.toLocaleString()}</td>
      <td>{run.events.toLocaleString()}</td>
      <td>
        {run.badLines.toLocaleString()}
        {run.errors.length ? (
          <ul className="ad-errors" data-testid="run-errors">
            {run.errors.map((e, i) => (
              <li key={`${e.line}-${i}`}>
                line {e.line}: {e.message}
              </li>
            ))}
          </ul>
        ) : null}
      </td>
      <td>
        {canCancel && runIsActive(run.status) ? (
          <Button
            variant="ghost"
            className="ad-small"
            disabled={busy}
            onClick={() => onCancel(run)}
            data-testid="run-cancel"
          >
            Cancel
          </Button>
        ) : null}
      </td>
    </tr>
  );
}

/** Runs newest first; while one is queued or running the list is read again, less often as it goes on. */
export function RunsTab({
  companyId,
  canCancel,
  onRunEnded,
}: {
  companyId: string;
  canCancel: boolean;
  onRunEnded: () => void;
}) {
  const load = useCallback(
    (cursor: string | undefined, signal: AbortSignal) => listRuns(companyId, { cursor, limit: 50 }, signal),
    [companyId],
  );
  const list = useCursorList(companyId, load);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);
  const active = list.items.some((run) => runIsActive(run.status));
  const [delay, setDelay] = useState<number | null>(null);
  const { reload, loading } = list;

  useEffect(() => {
    if (!active) {
      if (delay !== null) {
        setDelay(null);
        onRunEnded();
      }
      return;
    }
    if (loading) return;
    const next = nextPollDelay(delay);
    const timer = setTimeout(() => {
      setDelay(next);
      reload();
    }, next);
    return () => clearTimeout(timer);
  }, [active, loading, delay, reload, onRunEnded]);

  async function cancel(run: Run) {
    setBusyId(run.id);
    setActionError(null);
    try {
      const next = await cancelRun(companyId, run.id);
      list.replace((r) => r.id === run.id, next);
    } catch (error) {
      setActionError(error);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div data-testid="runs-tab">
      <ApiErrorMessage error={list.error ?? actionError} testId="runs-error" />
      {list.loaded && list.items.length === 0 ? (
        <p className="co-muted" data-testid="runs-none">
          No runs yet: upload a file or try the example traffic.
        </p>
      ) : (
        <div className="ad-table-wrap">
          <table className="ad-findings" aria-label="Runs">
            <thead>
              <tr>
                <th scope="col">Started</th>
                <th scope="col">Format</th>
                <th scope="col">Status</th>
                <th scope="col">Size</th>
                <th scope="col">Lines</th>
                <th scope="col">Events</th>
                <th scope="col">Bad lines</th>
                <th scope="col">
                  <span className="co-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((run) => (
                <RunRow
                  key={run.id}
                  run={run}
                  canCancel={canCancel}
                  busy={busyId === run.id}
                  onCancel={(r) => void cancel(r)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.nextCursor ? (
        <Button variant="ghost" onClick={list.loadMore} disabled={list.loading} data-testid="runs-more">
          Show more
        </Button>
      ) : null}
    </div>
  );
}

import { useState } from 'react';
import type { DestinationPreviewAnswer, DestinationView } from '@tracemap/contracts';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../components/api-error';
import { useAction } from '../hooks/use-action';
import {
  deleteDestination,
  getRun,
  previewDestination,
  pushDestination,
  testDestination,
  testNewDestination,
  updateDestination,
} from './destinations-api';
import { DESTINATION_LABELS, DestinationForm } from './destination-form';
import { PreviewPanel } from './preview-panel';
import { RunHistory } from './run-history';

const when = (at: string | null) => (at ? new Date(at).toLocaleString() : 'never');
const FOLLOW_MS = 1000;

function statusOf(destination: DestinationView): string {
  const run = destination.lastRun;
  if (!run) return 'Not pushed yet';
  if (run.status === 'queued' || run.status === 'running') return 'Pushing…';
  return run.status === 'succeeded' ? 'In sync' : 'Last push failed';
}

/**
 * One destination: its status, own last success and last error, drift; for admins test
 * connection, preview and — once a preview is shown — push, followed until the run ends.
 */
export function DestinationCard({
  companyId,
  destination,
  admin,
  local,
  onChanged,
  selected,
  onSelect,
}: {
  companyId: string;
  destination: DestinationView;
  admin: boolean;
  local: boolean;
  onChanged: () => void;
  /** Ticked for a push of several destinations together. */
  selected: boolean;
  onSelect: (selected: boolean) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [preview, setPreview] = useState<DestinationPreviewAnswer | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pushing, setPushing] = useState(false);
  const { busy, error, run } = useAction();

  const test = async () => {
    setNotice(null);
    const answer = await run(() => testDestination(companyId, destination.id));
    if (answer) setNotice(answer.ok ? answer.message : `Connection failed: ${answer.message}`);
  };
  const showPreview = async () => {
    setNotice(null);
    const answer = await run(() => previewDestination(companyId, destination.id));
    if (answer) setPreview(answer);
  };
  const push = async () => {
    setNotice(null);
    const started = await run(() => pushDestination(companyId, destination.id));
    if (!started) return;
    setPreview(null);
    setPushing(true);
    onChanged();
    // Followed while the page is open; the push itself runs on the server either way.
    const follow = async () => {
      const current = await getRun(companyId, started.runId).catch(() => null);
      if (current && (current.status === 'succeeded' || current.status === 'failed')) {
        setPushing(false);
        setNotice(
          current.status === 'succeeded'
            ? `Pushed: ${current.applied} change${current.applied === 1 ? '' : 's'} applied.`
            : `Push failed: ${current.error ?? 'see the operations'}`,
        );
        onChanged();
        return;
      }
      setTimeout(() => void follow(), FOLLOW_MS);
    };
    void follow();
  };
  const remove = async () => {
    if (!window.confirm(`Remove ${destination.name}? What it holds stays in ${DESTINATION_LABELS[destination.type]}.`))
      return;
    if ((await run(() => deleteDestination(companyId, destination.id))) !== undefined) onChanged();
  };

  return (
    <li
      className="co-card"
      data-testid="destination-card"
      data-destination-id={destination.id}
      data-type={destination.type}
    >
      <h2 style={{ marginTop: 0 }}>
        {admin ? (
          <input
            type="checkbox"
            checked={selected}
            onChange={(e) => onSelect(e.target.checked)}
            aria-label={`Select ${destination.name} for a push of several destinations`}
            data-testid="destination-select"
            style={{ marginRight: 8 }}
          />
        ) : null}
        {destination.name}{' '}
        <span className="co-muted">
          · {DESTINATION_LABELS[destination.type]} · {destination.mode}
        </span>
      </h2>
      <p data-testid="destination-status" data-status={destination.lastRun?.status ?? 'none'}>
        {statusOf(destination)}
      </p>
      <p className="co-muted">
        Last success: <span data-testid="destination-last-success">{when(destination.lastSuccessAt)}</span>
        {destination.lastError ? (
          <>
            {' '}
            · Last error ({when(destination.lastErrorAt)}):{' '}
            <span data-testid="destination-last-error">{destination.lastError}</span>
          </>
        ) : null}
      </p>
      {destination.drift ? (
        <p className={destination.drift.count > 0 ? 'co-error' : 'co-muted'} data-testid="destination-drift">
          {destination.drift.count > 0
            ? `${destination.drift.count} difference${destination.drift.count === 1 ? '' : 's'} from the plan`
            : 'Matches the plan'}{' '}
          (checked {when(destination.drift.checkedAt)})
        </p>
      ) : null}
      {admin ? (
        <div className="co-actions">
          <Button onClick={() => void test()} disabled={busy} data-testid="destination-test">
            Test connection
          </Button>
          <Button
            onClick={() => void showPreview()}
            disabled={busy || pushing}
            data-testid="destination-preview-button"
          >
            Preview
          </Button>
          {preview && preview.operations.length > 0 ? (
            <Button onClick={() => void push()} disabled={busy || pushing} data-testid="destination-push">
              Push {preview.operations.length} change{preview.operations.length === 1 ? '' : 's'}
            </Button>
          ) : null}
          <Button onClick={() => setEditing(!editing)} disabled={busy} data-testid="destination-edit">
            {editing ? 'Close' : 'Change'}
          </Button>
          <Button onClick={() => void remove()} disabled={busy} data-testid="destination-delete">
            Remove
          </Button>
        </div>
      ) : null}
      {pushing ? (
        <p className="co-muted" role="status" data-testid="destination-pushing">
          Pushing…
        </p>
      ) : null}
      {notice ? (
        <p className="co-ok" role="status" data-testid="destination-notice">
          {notice}
        </p>
      ) : null}
      <ApiErrorMessage error={error} testId="destination-error" />
      {editing ? (
        <DestinationForm
          local={local}
          initial={destination}
          onSave={async (body, withCredentials) => {
            const { name, mode, settings, credentials } = body;
            const saved = await updateDestination(companyId, destination.id, {
              name,
              mode,
              settings,
              ...(withCredentials ? { credentials } : {}),
            });
            setEditing(false);
            setPreview(null);
            onChanged();
            return saved;
          }}
          onTest={(body, withCredentials) =>
            withCredentials ? testNewDestination(companyId, body) : testDestination(companyId, destination.id)
          }
        />
      ) : null}
      {preview ? <PreviewPanel preview={preview} /> : null}
      <RunHistory companyId={companyId} destinationId={destination.id} version={destination.lastRun} />
    </li>
  );
}

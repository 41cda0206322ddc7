import { useState } from 'react';
import { Button } from '@tracemap/ui';
import { GA4_PULL_NOTE, type Source } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { collectorUrl, deleteSource, pullSource, rotateSourceKey } from '../api/discovery-api';

type Confirming = 'rotate' | 'delete' | null;

/** Admin actions on one source: pull now (GA4, Amplitude), rotate the key (collector), delete; the last two ask once more. */
export function SourceActions({
  companyId,
  source,
  onKeyRotated,
  onDeleted,
}: {
  companyId: string;
  source: Source;
  onKeyRotated: (url: string) => void;
  onDeleted: () => void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const [pulled, setPulled] = useState(false);
  const pulls = source.kind === 'ga4' || source.kind === 'amplitude';

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
      setConfirming(null);
    }
  }

  const pull = () =>
    run(async () => {
      await pullSource(companyId, source.id);
      setPulled(true);
    });
  const rotate = () =>
    run(async () => {
      const answer = await rotateSourceKey(companyId, source.id);
      onKeyRotated(collectorUrl(window.location.origin, answer.ingestKey));
    });
  const remove = () =>
    run(async () => {
      await deleteSource(companyId, source.id);
      onDeleted();
    });

  return (
    <div className="ad-source-actions" data-testid="source-actions">
      {confirming ? (
        <span className="co-actions" role="group" aria-label={`${confirming} ${source.name}`}>
          <Button
            className="co-btn-danger ad-small"
            disabled={busy}
            onClick={() => void (confirming === 'rotate' ? rotate() : remove())}
            data-testid={`source-${confirming}-confirm`}
          >
            {confirming === 'rotate' ? 'Rotate: the old URL stops working' : `Delete ${source.name} for good`}
          </Button>
          <Button variant="ghost" className="ad-small" onClick={() => setConfirming(null)}>
            Keep it
          </Button>
        </span>
      ) : (
        <span className="co-actions">
          {pulls ? (
            <Button
              variant="ghost"
              className="ad-small"
              disabled={busy}
              onClick={() => void pull()}
              data-testid="source-pull"
            >
              Pull now
            </Button>
          ) : null}
          {source.kind === 'collector' ? (
            <Button
              variant="ghost"
              className="ad-small"
              disabled={busy}
              onClick={() => setConfirming('rotate')}
              data-testid="source-rotate"
            >
              Rotate key
            </Button>
          ) : null}
          <Button
            variant="ghost"
            className="co-btn-danger ad-small"
            disabled={busy}
            onClick={() => setConfirming('delete')}
            data-testid="source-delete"
          >
            Delete
          </Button>
        </span>
      )}
      {pulled ? (
        <p className="co-ok" data-testid="source-pull-started">
          Pull started. Follow it in the Runs tab.
        </p>
      ) : null}
      <ApiErrorMessage error={error} testId="source-action-error" />
    </div>
  );
}

/** What a GA4 pull can and cannot see, under every GA4 source. */
export function Ga4PullNote() {
  return (
    <p className="tp-hint" data-testid="ga4-pull-note">
      {GA4_PULL_NOTE}
    </p>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { DestinationPreviewAnswer, DestinationView, SyncRunSummary, SyncSetView } from '@tracemap/contracts';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../components/api-error';
import { useAction } from '../hooks/use-action';
import { getSyncSet, previewDestination, pushDestinations } from './destinations-api';
import { PreviewPanel } from './preview-panel';

const FOLLOW_MS = 1000;

type Looked = { destination: DestinationView; preview: DestinationPreviewAnswer | null; error: unknown };

function runText(run: SyncRunSummary): string {
  if (run.status === 'queued') return 'Waiting…';
  if (run.status === 'running') return `Pushing… ${run.applied} applied so far`;
  if (run.status === 'succeeded') return `Done: ${run.applied} change${run.applied === 1 ? '' : 's'} applied.`;
  return `Failed: ${run.error ?? 'see the operations'}`;
}

function resultText(set: SyncSetView): string {
  if (set.status === 'succeeded') return 'Every selected destination took the plan: the last sync moved.';
  const failed = set.runs.filter((run) => run.status === 'failed').length;
  return `${failed} of ${set.runs.length} destination${set.runs.length === 1 ? '' : 's'} failed: the last sync stays where it was.`;
}

/**
 * The selected destinations together: each one's preview, then one push of them all (the same
 * plan version for every one) followed destination by destination until the set ends. The
 * company's last sync moves only when every selected destination took the plan.
 */
export function SyncSetPanel({
  companyId,
  destinations,
  selectedIds,
  onChanged,
}: {
  companyId: string;
  destinations: DestinationView[];
  selectedIds: string[];
  onChanged: () => void;
}) {
  const selected = destinations.filter((d) => selectedIds.includes(d.id));
  const [looked, setLooked] = useState<Looked[] | null>(null);
  const [setId, setSetId] = useState<string | null>(null);
  const [set, setSet] = useState<SyncSetView | null>(null);
  const { busy, error, run } = useAction();
  const changed = useRef(onChanged);
  changed.current = onChanged;
  const selection = selected.map((d) => d.id).join(',');

  // A preview is of the destinations it was asked for: a new selection needs a new look.
  useEffect(() => setLooked(null), [selection]);

  useEffect(() => {
    if (!setId) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // Followed while the page is open; the push runs on the server either way.
    const follow = async () => {
      const current = await getSyncSet(companyId, setId).catch(() => null);
      if (stopped) return;
      if (current) setSet(current);
      if (current && current.status !== 'running') {
        changed.current();
        return;
      }
      timer = setTimeout(() => void follow(), FOLLOW_MS);
    };
    void follow();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [companyId, setId]);

  const preview = async () => {
    setSet(null);
    setSetId(null);
    const answers = await run(() =>
      Promise.all(
        selected.map((destination) =>
          previewDestination(companyId, destination.id).then(
            (answer): Looked => ({ destination, preview: answer, error: null }),
            (failure: unknown): Looked => ({ destination, preview: null, error: failure }),
          ),
        ),
      ),
    );
    if (answers) setLooked(answers);
  };
  const push = async () => {
    const started = await run(() =>
      pushDestinations(
        companyId,
        selected.map((d) => d.id),
      ),
    );
    if (!started) return;
    setLooked(null);
    setSet(null);
    setSetId(started.setId);
    changed.current();
  };

  const following = setId !== null && (set === null || set.status === 'running');
  const names = new Map(destinations.map((d) => [d.id, d.name]));
  const previewed = looked !== null && looked.every((l) => l.preview !== null);

  return (
    <div className="co-card" data-testid="set-panel" data-selected={selected.length}>
      <h2 style={{ marginTop: 0 }}>Push several destinations together</h2>
      <p className="co-muted">
        Tick the destinations above, look at what each would change, then push them as one: every one gets the same
        version of the plan, and the last sync moves only if every one of them takes it.
      </p>
      <div className="co-actions">
        <Button
          onClick={() => void preview()}
          disabled={busy || following || selected.length === 0}
          data-testid="set-preview-button"
        >
          Preview selected ({selected.length})
        </Button>
        {previewed ? (
          <Button onClick={() => void push()} disabled={busy || following} data-testid="set-push">
            Push selected ({selected.length})
          </Button>
        ) : null}
      </div>
      <ApiErrorMessage error={error} testId="set-error" />
      {looked ? (
        <div data-testid="set-previews">
          {looked.map(({ destination, preview: answer, error: failure }) => (
            <section key={destination.id} data-testid="set-preview" data-destination-id={destination.id}>
              <h3>{destination.name}</h3>
              <ApiErrorMessage error={failure} testId="set-preview-error" />
              {answer ? <PreviewPanel preview={answer} /> : null}
            </section>
          ))}
        </div>
      ) : null}
      {setId ? (
        <div data-testid="set-progress" data-status={set?.status ?? 'running'}>
          <h3>Push of {set ? set.runs.length : selected.length} destinations</h3>
          <ul className="co-list">
            {(set?.runs ?? []).map((r) => (
              <li key={r.id} data-testid="set-run" data-destination-id={r.destinationId} data-status={r.status}>
                <strong>{names.get(r.destinationId) ?? 'Removed destination'}</strong>: {runText(r)}
              </li>
            ))}
          </ul>
          {set && set.status !== 'running' ? (
            <p
              className={set.status === 'succeeded' ? 'co-ok' : 'co-error'}
              role="status"
              data-testid="set-result"
              data-status={set.status}
            >
              {resultText(set)}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from '@tracemap/ui';
import { FINDING_STATES, FINDING_TYPES, type Finding, type FindingState, type FindingType } from '@tracemap/contracts';
import { ApiErrorMessage } from '../../components/api-error';
import { addFindingToPlan, listFindings, setFindingState } from '../api/discovery-api';
import { useCursorList } from '../hooks/use-cursor-list';
import { FindingTriage } from './finding-triage';
import {
  countsText,
  FINDING_TYPE_LABELS,
  findingActions,
  layerText,
  type FindingAction,
} from '../logic/finding-actions';

/** A finding filed on a view, a map or the system for every event it reaches there names this as its event. */
const ALL_EVENTS = '*';

function eventsText(events: string[] | undefined): string {
  if (!events?.length) return 'every event here';
  return events.length === 1 ? '1 event' : `${events.length} events`;
}

function dateText(value: string | null): string {
  return value ? new Date(value).toLocaleDateString() : '—';
}

/** One finding's row: what, how bad, where one fix clears it, how big, when, its state and the triage buttons. */
export function FindingRow({
  finding,
  canTriage,
  canAddToPlan,
  busy,
  onAction,
  triage,
}: {
  finding: Finding;
  canTriage: boolean;
  canAddToPlan: boolean;
  busy: boolean;
  onAction: (finding: Finding, action: FindingAction) => void;
  /** Mark expected, ignore with a rule, map to a planned event. */
  triage?: ReactNode;
}) {
  const actions = findingActions(finding, canTriage).filter((a) => a.kind !== 'add-to-plan' || canAddToPlan);
  return (
    <tr data-testid="finding-row" data-id={finding.id} data-type={finding.type} data-state={finding.state}>
      <td>{FINDING_TYPE_LABELS[finding.type]}</td>
      <td>
        <span className={`ad-sev-badge ad-sev-badge--${finding.severity}`}>{finding.severity}</span>
      </td>
      <td>{layerText(finding.layer)}</td>
      <td>
        {finding.subject.event === ALL_EVENTS ? (
          <span title={finding.details.events?.join(', ')}>{eventsText(finding.details.events)}</span>
        ) : (
          <code>{finding.subject.event}</code>
        )}
        {finding.subject.property ? (
          <>
            {' '}
            · <code>{finding.subject.property}</code>
          </>
        ) : null}
        {finding.details.suggestion ? <span className="tp-sub">maybe {finding.details.suggestion}</span> : null}
      </td>
      <td>{countsText(finding.counts)}</td>
      <td>
        {dateText(finding.firstSeen)} – {dateText(finding.lastSeen)}
      </td>
      <td data-testid="finding-state">{finding.state}</td>
      <td>
        {actions.length ? (
          <div className="co-actions">
            {actions.map((action) => (
              <Button
                key={action.label}
                variant="ghost"
                className="ad-small"
                disabled={busy}
                onClick={() => onAction(finding, action)}
                data-testid={`finding-${action.label.toLowerCase().replace(/ /g, '-')}`}
              >
                {action.label}
              </Button>
            ))}
          </div>
        ) : null}
        {triage}
      </td>
    </tr>
  );
}

/** The findings inbox: filtered by type and state, triaged in place. */
export function FindingsTab({
  companyId,
  canTriage,
  canAddToPlan,
  arrived = 0,
  onChanged,
}: {
  companyId: string;
  canTriage: boolean;
  canAddToPlan: boolean;
  /** Changes when new findings may have been judged; read again only while the inbox is empty. */
  arrived?: number;
  onChanged: () => void;
}) {
  const [type, setType] = useState<FindingType | ''>('');
  const [state, setState] = useState<FindingState | ''>('open');
  const load = useCallback(
    (cursor: string | undefined, signal: AbortSignal) =>
      listFindings(companyId, { type: type || undefined, state: state || undefined, cursor, limit: 100 }, signal),
    [companyId, type, state],
  );
  const list = useCursorList(`${companyId}|${type}|${state}`, load);
  const { loaded, items, reload } = list;
  const showsNone = loaded && items.length === 0;
  useEffect(() => {
    if (arrived > 0 && showsNone) reload();
    // Only a new arrival asks again; an inbox emptied by triage stays as it is.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [arrived]);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [actionError, setActionError] = useState<unknown>(null);

  async function act(finding: Finding, action: FindingAction) {
    setBusyId(finding.id);
    setActionError(null);
    try {
      const next =
        action.kind === 'state'
          ? await setFindingState(companyId, finding.id, action.state)
          : (await addFindingToPlan(companyId, finding.id)).finding;
      list.replace((f) => f.id === finding.id, next);
      onChanged();
    } catch (error) {
      setActionError(error);
    } finally {
      setBusyId(null);
    }
  }

  return (
    <div data-testid="findings-tab">
      <div className="tp-toolbar">
        <label>
          Type
          <select
            value={type}
            onChange={(e) => setType(e.target.value as FindingType | '')}
            data-testid="findings-type"
          >
            <option value="">All types</option>
            {FINDING_TYPES.map((t) => (
              <option key={t} value={t}>
                {FINDING_TYPE_LABELS[t]}
              </option>
            ))}
          </select>
        </label>
        <label>
          State
          <select
            value={state}
            onChange={(e) => setState(e.target.value as FindingState | '')}
            data-testid="findings-state"
          >
            <option value="">All states</option>
            {FINDING_STATES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </div>
      {!canTriage ? (
        <p className="co-muted" data-testid="findings-read-only">
          You can read the findings; creators, admins and owners triage them.
        </p>
      ) : null}
      <ApiErrorMessage error={list.error ?? actionError} testId="findings-error" />
      {list.loaded && list.items.length === 0 ? (
        <p className="co-muted" data-testid="findings-none">
          No findings match.
        </p>
      ) : (
        <div className="ad-table-wrap">
          <table className="ad-findings" aria-label="Findings">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Severity</th>
                <th scope="col">Layer</th>
                <th scope="col">Subject</th>
                <th scope="col">Affected</th>
                <th scope="col">Seen</th>
                <th scope="col">State</th>
                <th scope="col">
                  <span className="co-sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((finding) => (
                <FindingRow
                  key={finding.id}
                  finding={finding}
                  canTriage={canTriage}
                  canAddToPlan={canAddToPlan}
                  busy={busyId === finding.id}
                  onAction={(f, a) => void act(f, a)}
                  triage={
                    canTriage ? (
                      <FindingTriage
                        companyId={companyId}
                        finding={finding}
                        onDone={(next) => {
                          if (next) list.replace((f) => f.id === finding.id, next);
                          else list.reload();
                          onChanged();
                        }}
                        onError={setActionError}
                      />
                    ) : null
                  }
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.nextCursor ? (
        <Button variant="ghost" onClick={list.loadMore} disabled={list.loading} data-testid="findings-more">
          {list.loading ? 'Loading…' : 'Show more'}
        </Button>
      ) : null}
    </div>
  );
}

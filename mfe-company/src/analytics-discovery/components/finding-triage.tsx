import { useState } from 'react';
import { Button } from '@tracemap/ui';
import type {
  Finding,
  IgnoreFindingAnswer,
  IgnoreRuleKind,
  MapFindingAnswer,
  ObservedEventPage,
} from '@tracemap/contracts';
import { authedFetch } from '@tracemap/shell-core';
import { discoveryPath } from '../api/discovery-api';

/** Findings about a name the apps send, which can be mapped to a planned event. */
const MAPPABLE = new Set<Finding['type']>(['unplanned_event', 'similar_name', 'name_case']);

const post = <T,>(companyId: string, path: string, body: object) =>
  authedFetch<T>(discoveryPath(companyId, path), { method: 'POST', body });

/** Planned events to map to: those seen and those not seen yet, by name. */
async function plannedEvents(companyId: string): Promise<{ id: string; name: string }[]> {
  const pages = await Promise.all(
    (['matched', 'planned_unseen'] as const).map((match) =>
      authedFetch<ObservedEventPage>(discoveryPath(companyId, 'events'), { query: { match, limit: 200 } }),
    ),
  );
  const byId = new Map<string, string>();
  for (const page of pages) for (const item of page.items) if (item.planEventId) byId.set(item.planEventId, item.name);
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Triage beyond the state buttons: mark expected (ignored for good), ignore with a rule that
 * later judgements keep, and map an observed name to a planned event. `onDone` gets the finding
 * as it is afterwards (null when only a rule changed other rows: the list is read again).
 */
export function FindingTriage({
  companyId,
  finding,
  onDone,
  onError,
}: {
  companyId: string;
  finding: Finding;
  onDone: (next: Finding | null) => void;
  onError: (error: unknown) => void;
}) {
  const [busy, setBusy] = useState(false);
  const [targets, setTargets] = useState<{ id: string; name: string }[] | null>(null);
  if (finding.state === 'resolved') return null;

  async function run(work: () => Promise<Finding | null>) {
    setBusy(true);
    try {
      onDone(await work());
    } catch (error) {
      onError(error);
    } finally {
      setBusy(false);
    }
  }
  const ignore = (rule: IgnoreRuleKind, note?: string) =>
    run(async () => {
      await post<IgnoreFindingAnswer>(companyId, `findings/${encodeURIComponent(finding.id)}/ignore`, {
        rule,
        ...(note ? { note } : {}),
      });
      return rule === 'this' ? { ...finding, state: 'ignored' } : null;
    });
  const mapTo = (eventId: string) =>
    run(
      async () =>
        (await post<MapFindingAnswer>(companyId, `findings/${encodeURIComponent(finding.id)}/map`, { eventId }))
          .finding,
    );

  return (
    <div className="co-actions" data-testid="finding-triage">
      {finding.state !== 'ignored' ? (
        <>
          <Button
            variant="ghost"
            className="ad-small"
            disabled={busy}
            onClick={() => void ignore('this', 'Expected')}
            data-testid="finding-mark-expected"
          >
            Mark expected
          </Button>
          <select
            aria-label="Ignore with a rule"
            value=""
            disabled={busy}
            onChange={(e) => {
              if (e.target.value === 'event') void ignore('event');
              if (e.target.value === 'property-everywhere') void ignore('property-everywhere');
            }}
            data-testid="finding-ignore-rule"
          >
            <option value="">Ignore with a rule…</option>
            <option value="event">Every finding about {finding.subject.event}</option>
            {finding.subject.property ? (
              <option value="property-everywhere">{finding.subject.property} on every event</option>
            ) : null}
          </select>
        </>
      ) : null}
      {MAPPABLE.has(finding.type) ? (
        <select
          aria-label="Map to a planned event"
          value=""
          disabled={busy}
          // The plan's events are read only when someone opens the list.
          onFocus={() => {
            if (targets === null) void plannedEvents(companyId).then(setTargets, onError);
          }}
          onChange={(e) => {
            if (e.target.value) void mapTo(e.target.value);
          }}
          data-testid="finding-map"
        >
          <option value="">Map to…</option>
          {(targets ?? []).map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
      ) : null}
    </div>
  );
}

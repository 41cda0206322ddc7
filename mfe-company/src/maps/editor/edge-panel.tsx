import { Button } from '@tracemap/ui';
import type { PlanEvent } from '@tracemap/shell-core/tracking-plan';
import { EntityPicker } from '../../tracking-plan/links/entity-picker';
import { removeFromGraph, setEdgeEvent } from '../model/graph';
import { useMapEditorStore } from './map-store';

/** The selected transition: where it goes and the event that moves the user along it. */
export function EdgePanel({ edgeId, canEdit }: { edgeId: string; canEdit: boolean }) {
  const edge = useMapEditorStore((s) => s.history.present.edges.find((e) => e.id === edgeId));
  const fromName = useMapEditorStore((s) => (edge ? s.views[edge.from]?.name : undefined));
  const toName = useMapEditorStore((s) => (edge ? s.views[edge.to]?.name : undefined));
  const eventName = useMapEditorStore((s) => (edge?.eventId ? (s.eventNames[edge.eventId] ?? '…') : null));
  const commit = useMapEditorStore((s) => s.commit);
  const learnEvents = useMapEditorStore((s) => s.learnEvents);
  if (!edge) return null;

  const pick = (event: PlanEvent) => {
    learnEvents({ [event.id]: event.name });
    commit((g) => setEdgeEvent(g, edgeId, event.id));
  };

  return (
    <section className="tp-section" aria-labelledby="map-edge-title" data-testid="map-edge-panel">
      <h2 id="map-edge-title">Transition</h2>
      <p>
        {fromName ?? 'A view'} → {toName ?? 'a view'}
      </p>
      <p data-testid="map-edge-event">
        {eventName ? (
          <>
            Through the event <strong>{eventName}</strong>
          </>
        ) : (
          <span className="co-muted">No event yet</span>
        )}
      </p>
      {canEdit ? (
        <>
          <EntityPicker
            kind="event"
            label="Pick the event"
            excludeIds={edge.eventId ? [edge.eventId] : []}
            describe={(e) => e.kind}
            onPick={pick}
            testId="map-event-picker"
          />
          <div className="co-actions" style={{ marginTop: 12 }}>
            {edge.eventId ? (
              <Button variant="ghost" onClick={() => commit((g) => setEdgeEvent(g, edgeId, null))}>
                Remove the event
              </Button>
            ) : null}
            <Button
              variant="ghost"
              onClick={() => commit((g) => removeFromGraph(g, new Set(), new Set([edgeId])))}
              data-testid="map-edge-delete"
            >
              Delete transition
            </Button>
          </div>
        </>
      ) : null}
    </section>
  );
}

import { useMemo, useState } from 'react';
import type { EventFlowEdge } from '../model/graph';
import { coverageByView, OBSERVED_CSS, ObservedToggle, useMapOverlay } from './map-overlay';

/** The editor's "Observed" state: off at first; when on, coverage per node and the moves the map lacks as edges. */
export function useObservedEditor(companyId: string, mapId: string) {
  const [on, setOn] = useState(false);
  const { overlay, error } = useMapOverlay(companyId, mapId, on);
  const coverage = useMemo(() => coverageByView(overlay), [overlay]);
  const edges = useMemo<EventFlowEdge[] | undefined>(
    () =>
      overlay?.transitions
        .filter((t) => !t.onMap)
        .map((t) => ({
          id: `observed:${t.from}>${t.to}`,
          source: t.from,
          target: t.to,
          type: 'event',
          data: { eventId: null, text: `${t.count.toLocaleString()} observed` },
          className: 'mp-edge-observed',
          selectable: false,
          deletable: false,
          focusable: false,
        })),
    [overlay],
  );
  return { on, setOn, overlay, error, coverage, edges };
}

export function ObservedMapToggle({ observed }: { observed: ReturnType<typeof useObservedEditor> }) {
  return (
    <>
      <style>{OBSERVED_CSS}</style>
      <ObservedToggle on={observed.on} onChange={observed.setOn} overlay={observed.overlay} error={observed.error} />
    </>
  );
}

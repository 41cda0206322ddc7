import { createContext, useEffect, useState } from 'react';
import type { CoverageLevel, MapOverlay, OverlayView } from '@tracemap/contracts';
import { authedFetch } from '@tracemap/shell-core';

/** Coverage per view of the map on screen while "Observed" is on (null: off). */
export const ObservedCoverage = createContext<ReadonlyMap<string, OverlayView> | null>(null);

export const COVERAGE_LABEL: Record<CoverageLevel, string> = {
  none: 'none of its events seen',
  partial: 'some of its events seen',
  full: 'all of its events seen',
};

/** "Product: 1 of 2 events seen, 340 visits". */
export function coverageTitle(view: OverlayView): string {
  return `${view.observedEvents} of ${view.plannedEvents} events seen, ${view.visits} visits`;
}

/**
 * The map's observed overlay, asked for only once "Observed" is switched on (so the map opens
 * with no extra request) and kept while it stays on.
 */
export function useMapOverlay(companyId: string | null, mapId: string, on: boolean) {
  const [state, setState] = useState<{ overlay: MapOverlay | null; error: unknown }>({ overlay: null, error: null });
  useEffect(() => {
    if (!on || !companyId) return;
    const controller = new AbortController();
    authedFetch<MapOverlay>(
      `/api/insights/${encodeURIComponent(companyId)}/discovery/maps/${encodeURIComponent(mapId)}/overlay`,
      { signal: controller.signal },
    ).then(
      (overlay) => setState({ overlay, error: null }),
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ overlay: null, error });
      },
    );
    return () => controller.abort();
  }, [companyId, mapId, on]);
  return on ? state : { overlay: null, error: null };
}

export const coverageByView = (overlay: MapOverlay | null): ReadonlyMap<string, OverlayView> | null =>
  overlay ? new Map(overlay.views.map((v) => [v.viewId, v])) : null;

/** The "Observed" switch with a legend while it is on. */
export function ObservedToggle({
  on,
  onChange,
  overlay,
  error,
}: {
  on: boolean;
  onChange: (on: boolean) => void;
  overlay: MapOverlay | null;
  error: unknown;
}) {
  const extra = overlay?.transitions.filter((t) => !t.onMap).length ?? 0;
  return (
    <span className="mp-observed" data-testid="map-observed">
      <label>
        <input
          type="checkbox"
          checked={on}
          onChange={(e) => onChange(e.target.checked)}
          data-testid="map-observed-toggle"
        />{' '}
        Observed
      </label>
      {on && error ? <span className="mp-observed-note">Observed data could not be read.</span> : null}
      {on && overlay ? (
        <span className="mp-observed-note" data-testid="map-observed-legend">
          <i className="mp-cov mp-cov--full" /> all seen <i className="mp-cov mp-cov--partial" /> some{' '}
          <i className="mp-cov mp-cov--none" /> none · {extra} observed {extra === 1 ? 'move' : 'moves'} not on the map
          (dashed)
        </span>
      ) : null}
    </span>
  );
}

/** Colours shared by the editor's and the preview's nodes. */
export const COVERAGE_COLORS: Record<CoverageLevel, string> = { full: '#16a34a', partial: '#d97706', none: '#dc2626' };

export const OBSERVED_CSS = `
.mp-observed{display:inline-flex;gap:8px;align-items:center;font-size:.9rem}
.mp-observed-note{color:#64748b}
.mp-cov{display:inline-block;width:10px;height:10px;border-radius:50%;vertical-align:middle}
${(Object.keys(COVERAGE_COLORS) as CoverageLevel[])
  .map(
    (level) =>
      `.mp-cov--${level}{background:${COVERAGE_COLORS[level]}}.mp-node.mp-node--cov-${level}{border:2px solid ${COVERAGE_COLORS[level]};stroke:${COVERAGE_COLORS[level]};stroke-width:3}`,
  )
  .join('\n')}
.mp-edge-observed .react-flow__edge-path{stroke:#7c3aed;stroke-dasharray:6 4}
`;

import { useRef, useState } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { MapDetail, PlanView } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { downloadText } from '../../tracking-plan/ui/download';
import { loadByIds } from '../model/load-by-ids';
import { useMapEditorStore } from '../editor/map-store';
import { downloadDataUrl, fileBaseName, renderMapImage, type ImageKind } from './export-image';
import { mapFile } from './map-file';

type Busy = ImageKind | 'json' | null;

interface MapExportMenuProps {
  companyId: string;
  map: MapDetail;
  views: ReadonlyMap<string, PlanView>;
  /** The element around the React Flow canvas. */
  canvas: React.RefObject<HTMLElement | null>;
}

/** Downloads the whole map as a PNG or SVG picture, or as JSON with the views and events it uses. */
export function MapExportMenu({ companyId, map, views, canvas }: MapExportMenuProps) {
  const flow = useReactFlow();
  const menu = useRef<HTMLDetailsElement>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [error, setError] = useState<unknown>(null);
  const base = fileBaseName(map.name);

  async function run(kind: Exclude<Busy, null>) {
    setBusy(kind);
    setError(null);
    try {
      if (kind === 'json') await downloadJson();
      else {
        if (!canvas.current) throw new Error('The map is not on screen yet.');
        const bounds = flow.getNodesBounds(flow.getNodes());
        downloadDataUrl(`${base}.${kind}`, await renderMapImage(canvas.current, bounds, kind));
      }
      if (menu.current) menu.current.open = false;
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  }

  async function downloadJson() {
    // The saved map plus what the editor shows now: the file is what the user sees.
    const graph = useMapEditorStore.getState().history.present;
    const viewIds = graph.nodes.map((n) => n.viewId);
    const missing = viewIds.filter((id) => !views.has(id));
    const fetched = await loadByIds('view', companyId, missing);
    const allViews = viewIds.flatMap((id) => views.get(id) ?? fetched.get(id) ?? []);
    const eventIds = new Set([
      ...graph.edges.flatMap((e) => (e.eventId ? [e.eventId] : [])),
      ...allViews.flatMap((v) => v.events.map((e) => e.eventId)),
    ]);
    const events = await loadByIds('event', companyId, eventIds);
    const current = { ...map, nodes: graph.nodes, edges: graph.edges.map((e) => ({ ...e, id: e.id as string })) };
    downloadText(
      `${base}.map.json`,
      `${JSON.stringify(mapFile(current, allViews, [...events.values()]), null, 2)}\n`,
      'application/json',
    );
  }

  return (
    <div>
      <details className="tp-menu" ref={menu} data-testid="map-export-menu">
        <summary className="tm-btn tm-btn--ghost">Export</summary>
        <div className="tp-menu-items" role="group" aria-label="Export formats">
          <button type="button" disabled={busy !== null} onClick={() => void run('png')} data-testid="map-export-png">
            {busy === 'png' ? 'Drawing…' : 'Picture (PNG)'}
          </button>
          <button type="button" disabled={busy !== null} onClick={() => void run('svg')} data-testid="map-export-svg">
            {busy === 'svg' ? 'Drawing…' : 'Vector picture (SVG)'}
          </button>
          <button type="button" disabled={busy !== null} onClick={() => void run('json')} data-testid="map-export-json">
            {busy === 'json' ? 'Preparing…' : 'Map with its views and events (JSON)'}
          </button>
        </div>
      </details>
      <ApiErrorMessage error={error} testId="map-export-error" />
    </div>
  );
}

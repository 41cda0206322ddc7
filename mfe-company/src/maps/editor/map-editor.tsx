import { useCallback, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import type { MapLayout, PlanView } from '@tracemap/shell-core/tracking-plan';
import { ApiErrorMessage } from '../../components/api-error';
import { MapShareControl } from '../share/share-control';
import { MapExportMenu } from '../export/map-export-menu';
import { runLayout } from '../layout/run-layout';
import { addNode, moveNodes, removeFromGraph, type EventFlowEdge, type ViewFlowNode } from '../model/graph';
import { loadByIds } from '../model/load-by-ids';
import { MapAttributesPanel } from './map-attributes-panel';
import { MapEditorCanvas, type Selection } from './map-editor-canvas';
import { ObservedCoverage } from '../observed/map-overlay';
import { ObservedMapToggle, useObservedEditor } from '../observed/observed-editor';
import { MapConflictBanner } from './map-conflict';
import { MapDirectionContext } from './map-direction';
import { useMapEditorStore } from './map-store';
import { MapEditTools, MapToolbar } from './map-toolbar';
import { EdgePanel } from './edge-panel';
import { NodePanel } from './node-panel';
import { SaveStateLabel } from './save-state';
import { useMapDocument, nodeDataOf } from './use-map-document';
import { useUndoKeys } from './use-undo-keys';
import { showReadably } from './use-readable-view';
import { ViewsPanel } from './views-panel';

const NODE_WIDTH = 200;
const NODE_HEIGHT = 64;
const NO_SELECTION: Selection = { nodeIds: [], edgeIds: [] };

interface MapEditorProps {
  companyId: string;
  mapId: string;
  canEdit: boolean;
}

/** The map editor: canvas, toolbar and side panels over one map, saving by itself. */
export function MapEditor({ companyId, mapId, canEdit }: MapEditorProps) {
  const doc = useMapDocument(companyId, mapId, canEdit);
  const flow = useReactFlow<ViewFlowNode, EventFlowEdge>();
  const flowStore = useStoreApi<ViewFlowNode, EventFlowEdge>();
  const canvas = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [justConnected, setJustConnected] = useState<string | null>(null);
  const [layingOut, setLayingOut] = useState(false);
  const [layoutError, setLayoutError] = useState<unknown>(null);
  const editable = canEdit && doc.saveState !== 'conflict';
  useUndoKeys(editable);
  const observed = useObservedEditor(companyId, mapId);

  const onSelection = useCallback((next: Selection) => {
    setSelection(next);
    setJustConnected(null);
  }, []);

  const addView = useCallback(
    (view: PlanView) => {
      const store = useMapEditorStore.getState();
      doc.rememberView(view);
      store.learnViews({ [view.id]: nodeDataOf(view, store.eventNames) });
      const rect = canvas.current?.getBoundingClientRect();
      const centre = rect
        ? flow.screenToFlowPosition({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 })
        : { x: 0, y: 0 };
      // Each new view lands a little further down, so several added in a row do not stack.
      const offset = (store.history.present.nodes.length % 8) * 24;
      store.commit((g) => addNode(g, view.id, centre.x - NODE_WIDTH / 2 + offset, centre.y - NODE_HEIGHT / 2 + offset));
      // The node lists the view's events by name; names not known yet are read, then drawn.
      const unknown = view.events.map((e) => e.eventId).filter((id) => !store.eventNames[id]);
      if (unknown.length > 0) {
        void loadByIds('event', companyId, unknown).then(
          (found) => {
            const names = Object.fromEntries([...found.values()].map((e) => [e.id, e.name]));
            const latest = useMapEditorStore.getState();
            latest.learnEvents(names);
            latest.learnViews({ [view.id]: nodeDataOf(view, { ...latest.eventNames, ...names }) });
          },
          () => undefined,
        );
      }
    },
    [doc, flow, companyId],
  );

  const autoLayout = useCallback(
    async (direction: MapLayout) => {
      setLayingOut(true);
      setLayoutError(null);
      try {
        const { history } = useMapEditorStore.getState();
        const sizes = new Map(flow.getNodes().map((n) => [n.id, n.measured]));
        const nodes = history.present.nodes.map((n) => ({
          id: n.viewId,
          width: sizes.get(n.viewId)?.width ?? NODE_WIDTH,
          height: sizes.get(n.viewId)?.height ?? NODE_HEIGHT,
        }));
        const edges = history.present.edges.map((e) => ({ id: e.id as string, source: e.from, target: e.to }));
        const positions = await runLayout(nodes, edges, direction);
        useMapEditorStore.getState().commit((g) => moveNodes(g, positions));
        requestAnimationFrame(() => void showReadably(flow, flowStore.getState(), direction));
      } catch (error) {
        setLayoutError(error);
      } finally {
        setLayingOut(false);
      }
    },
    [flow, flowStore],
  );

  const changeDirection = (layout: MapLayout) => {
    doc.setMeta({ layout });
    void autoLayout(layout);
  };

  const deleteSelected = () =>
    useMapEditorStore
      .getState()
      .commit((g) => removeFromGraph(g, new Set(selection.nodeIds), new Set(selection.edgeIds)));

  if (doc.loadError) {
    return (
      <section className="tm-container co-page">
        <ApiErrorMessage error={doc.loadError} testId="map-load-error" />
        <Link to={`/company/${companyId}/maps`}>Back to maps</Link>
      </section>
    );
  }
  if (!doc.map || !doc.meta) {
    return (
      <section className="tm-container co-page" aria-busy="true">
        <p className="co-muted">Loading the map…</p>
      </section>
    );
  }

  const edgeId =
    justConnected ?? (selection.edgeIds.length === 1 && selection.nodeIds.length === 0 ? selection.edgeIds[0] : null);
  const nodeId =
    selection.nodeIds.length === 1 && selection.edgeIds.length === 0 && !justConnected ? selection.nodeIds[0] : null;
  const selectedCount = selection.nodeIds.length + selection.edgeIds.length;

  return (
    <MapDirectionContext.Provider value={doc.meta.layout}>
      <section
        className="tm-container mp-page"
        data-testid="map-editor"
        data-editable={editable}
        data-map-version={doc.map.version}
      >
        <MapToolbar
          title={
            <h1>
              <Link to={`/company/${companyId}/maps`} className="co-muted" style={{ fontWeight: 400 }}>
                Maps
              </Link>{' '}
              / <span data-testid="map-title">{doc.meta.name}</span>
            </h1>
          }
        >
          {editable ? (
            <MapEditTools
              layout={doc.meta.layout}
              onLayoutChange={changeDirection}
              onAutoLayout={() => void autoLayout(doc.meta!.layout)}
              layingOut={layingOut}
              selectedCount={selectedCount}
              onDeleteSelected={deleteSelected}
            />
          ) : null}
          <span className="mp-spacer" />
          <ObservedMapToggle observed={observed} />
          {canEdit ? <SaveStateLabel state={doc.saveState} /> : null}
          <MapExportMenu companyId={companyId} map={doc.map} views={doc.views} canvas={canvas} />
          <MapShareControl companyId={companyId} mapId={mapId} canEdit={canEdit} />
        </MapToolbar>
        <div>
          {doc.saveState === 'conflict' ? <MapConflictBanner onReload={doc.reload} /> : null}
          {!canEdit ? (
            <p className="co-muted" data-testid="map-read-only">
              You can look at this map; creators, admins and owners can change it.
            </p>
          ) : null}
          <ApiErrorMessage error={doc.saveError ?? layoutError} testId="map-save-error" />
        </div>
        <div className="mp-body">
          <div className="mp-canvas" ref={canvas}>
            <ObservedCoverage.Provider value={observed.coverage}>
              <MapEditorCanvas
                canEdit={editable}
                onSelection={onSelection}
                onConnected={setJustConnected}
                observedEdges={observed.edges}
              />
            </ObservedCoverage.Provider>
          </div>
          <aside className="mp-side" aria-label="Map panels">
            {edgeId ? <EdgePanel key={edgeId} edgeId={edgeId} canEdit={editable} /> : null}
            {nodeId ? <NodePanel companyId={companyId} viewId={nodeId} /> : null}
            {editable ? <ViewsPanel companyId={companyId} onAdd={addView} /> : null}
            <MapAttributesPanel
              links={doc.meta.attributes}
              canEdit={editable}
              onChange={(attributes) => doc.setMeta({ attributes })}
            />
          </aside>
        </div>
      </section>
    </MapDirectionContext.Provider>
  );
}

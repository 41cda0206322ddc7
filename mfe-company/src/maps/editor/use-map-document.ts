import { useCallback, useEffect, useRef, useState } from 'react';
import {
  getMap,
  updateMap,
  versionConflictOf,
  type MapDetail,
  type PlanMap,
  type PlanView,
} from '@tracemap/shell-core/tracking-plan';
import { useUnsavedChanges } from '../../components/unsaved-changes';
import { changesSince, type MapMeta, type SavedMap } from '../model/changes';
import { graphOf, type MapGraph, type ViewNodeData } from '../model/graph';
import { loadByIds } from '../model/load-by-ids';
import { useMapEditorStore } from './map-store';
import { takePrefetchedMap } from './prefetch-map';

export type { MapMeta } from '../model/changes';
export type SaveState = 'idle' | 'saving' | 'saved' | 'conflict' | 'error';

/** Edits wait this long after the last one, so a burst of moves is one save. */
export const SAVE_DEBOUNCE_MS = 800;

const metaOf = (map: PlanMap): MapMeta => ({ name: map.name, layout: map.layout, attributes: map.attributes });

export const nodeDataOf = (view: PlanView, eventNames: Record<string, string>): ViewNodeData => ({
  name: view.name,
  viewType: view.type,
  events: view.events.map((e) => eventNames[e.eventId] ?? '…'),
});

/**
 * Loads a map into the canvas store and saves it by itself, shortly after the user stops
 * changing it, from the version it started at. When someone else saved first the editor stops
 * saving and says so; it never writes over their version.
 */
export function useMapDocument(companyId: string, mapId: string, canEdit: boolean) {
  const [map, setMap] = useState<MapDetail | null>(null);
  const [meta, setMetaState] = useState<MapMeta | null>(null);
  const [views, setViews] = useState<Map<string, PlanView>>(new Map());
  const [loadError, setLoadError] = useState<unknown>(null);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [saveError, setSaveError] = useState<unknown>(null);
  const saved = useRef<SavedMap | null>(null);
  const metaRef = useRef<MapMeta | null>(null);
  const inFlight = useRef(false);
  const conflict = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const [loads, setLoads] = useState(0);
  const saveRef = useRef<() => Promise<void>>(async () => undefined);
  const schedule = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void saveRef.current(), SAVE_DEBOUNCE_MS);
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setMap(null);
    setLoadError(null);
    const early = takePrefetchedMap(companyId, mapId);
    const request = early
      ? early.catch(() => getMap(companyId, mapId, controller.signal))
      : getMap(companyId, mapId, controller.signal);
    request.then(
      (detail) => {
        if (controller.signal.aborted) return;
        const graph = graphOf(detail);
        const names = Object.fromEntries(
          detail.references.views.map((v) => [v.id, { name: v.name, viewType: null, events: [] }]),
        );
        const eventNames = Object.fromEntries(detail.references.events.map((e) => [e.id, e.name]));
        useMapEditorStore.getState().reset(graph, names, eventNames);
        saved.current = { version: detail.version, graph, meta: metaOf(detail) };
        metaRef.current = metaOf(detail);
        conflict.current = false;
        setMetaState(metaOf(detail));
        setSaveState('idle');
        setMap(detail);
        void learnCatalog(companyId, graph, controller.signal).then(setViews, () => undefined);
      },
      (error) => {
        if (!controller.signal.aborted) setLoadError(error);
      },
    );
    return () => controller.abort();
  }, [companyId, mapId, loads]);

  const save = useCallback(async () => {
    const base = saved.current;
    const currentMeta = metaRef.current;
    if (!base || !currentMeta || inFlight.current || conflict.current || !canEdit) return;
    const graph = useMapEditorStore.getState().history.present;
    const changes = changesSince(base, graph, currentMeta);
    if (Object.keys(changes).length === 0) return;
    inFlight.current = true;
    setSaveState('saving');
    try {
      const result = await updateMap(companyId, mapId, base.version, changes);
      saved.current = { version: result.version, graph, meta: currentMeta };
      setSaveError(null);
      setSaveState('saved');
    } catch (error) {
      if (versionConflictOf(error)) {
        conflict.current = true;
        setSaveState('conflict');
      } else {
        setSaveError(error);
        setSaveState('error');
      }
    } finally {
      inFlight.current = false;
    }
    // Changes made while this save was on its way go in the next one.
    if (
      !conflict.current &&
      saved.current &&
      Object.keys(
        changesSince(saved.current, useMapEditorStore.getState().history.present, metaRef.current ?? currentMeta),
      ).length > 0
    ) {
      schedule();
    }
  }, [companyId, mapId, canEdit, schedule]);
  saveRef.current = save;

  // Every committed change to the graph (not drags in progress or selection) schedules a save.
  useEffect(() => {
    if (!canEdit) return;
    return useMapEditorStore.subscribe((state, previous) => {
      if (state.history.present !== previous.history.present && saved.current) schedule();
    });
  }, [canEdit, schedule]);

  useEffect(() => () => clearTimeout(timer.current), []);

  // Leaving (closing the tab, switching plans) with changes not yet saved asks first.
  useUnsavedChanges(() => {
    const base = saved.current;
    if (!base || !metaRef.current || conflict.current) return false;
    return Object.keys(changesSince(base, useMapEditorStore.getState().history.present, metaRef.current)).length > 0;
  });

  const setMeta = useCallback(
    (patch: Partial<MapMeta>) => {
      const next = { ...(metaRef.current as MapMeta), ...patch };
      metaRef.current = next;
      setMetaState(next);
      schedule();
    },
    [schedule],
  );

  const reload = useCallback(() => setLoads((n) => n + 1), []);
  const rememberView = useCallback((view: PlanView) => setViews((v) => new Map(v).set(view.id, view)), []);

  return { map, meta, views, loadError, saveState, saveError, setMeta, reload, rememberView };
}

/** Reads the full views on the map (type, events) and the names of their events, then hands them to the canvas. */
async function learnCatalog(companyId: string, graph: MapGraph, signal: AbortSignal): Promise<Map<string, PlanView>> {
  const views = await loadByIds(
    'view',
    companyId,
    graph.nodes.map((n) => n.viewId),
    signal,
  );
  const store = useMapEditorStore.getState();
  const eventIds = new Set(
    [...views.values()].flatMap((v) => v.events.map((e) => e.eventId)).filter((id) => !store.eventNames[id]),
  );
  const events = await loadByIds('event', companyId, eventIds, signal);
  const eventNames = { ...store.eventNames, ...Object.fromEntries([...events.values()].map((e) => [e.id, e.name])) };
  useMapEditorStore.getState().learnEvents(Object.fromEntries([...events.values()].map((e) => [e.id, e.name])));
  useMapEditorStore
    .getState()
    .learnViews(Object.fromEntries([...views.values()].map((v) => [v.id, nodeDataOf(v, eventNames)])));
  return views;
}

import type { AttributeLink, MapLayout, UpdateMapInput } from '@tracemap/shell-core/tracking-plan';
import { sameGraph, type MapGraph } from './graph';

/** The map's own fields the editor changes besides its graph. */
export interface MapMeta {
  name: string;
  layout: MapLayout;
  attributes: AttributeLink[];
}

export interface SavedMap {
  version: number;
  graph: MapGraph;
  meta: MapMeta;
}

const sameNodes = (a: MapGraph, b: MapGraph) => sameGraph({ nodes: a.nodes, edges: [] }, { nodes: b.nodes, edges: [] });
const sameEdges = (a: MapGraph, b: MapGraph) => sameGraph({ nodes: [], edges: a.edges }, { nodes: [], edges: b.edges });

/**
 * What changed since the last save, as a PATCH body (empty when nothing did). Nodes and edges
 * go only when they changed: moving views (the common edit) then sends positions alone, which
 * keeps a thousand-node map's save small.
 */
export function changesSince(saved: SavedMap, graph: MapGraph, meta: MapMeta): UpdateMapInput {
  const changes: UpdateMapInput = {};
  if (!sameNodes(saved.graph, graph)) changes.nodes = graph.nodes;
  if (!sameEdges(saved.graph, graph)) changes.edges = graph.edges;
  if (meta.name !== saved.meta.name) changes.name = meta.name;
  if (meta.layout !== saved.meta.layout) changes.layout = meta.layout;
  if (JSON.stringify(meta.attributes) !== JSON.stringify(saved.meta.attributes)) changes.attributes = meta.attributes;
  return changes;
}

import { randomUUID } from 'node:crypto';
import type {
  AttributeLink,
  CreateMapInput,
  MapEdge,
  MapEdgeInput,
  MapNode,
  PlanMap,
  UpdateMapInput,
} from '@tracemap/contracts';
import type { MapFields } from './map-repository';

export interface MapDraft {
  fields: MapFields;
  attributes: AttributeLink[];
  nodes: MapNode[];
  edges: MapEdge[];
}

/** Edges sent without an id get one, so history and editors can name every edge. */
const withIds = (edges: readonly MapEdgeInput[]): MapEdge[] =>
  edges.map(({ id, ...edge }) => ({ id: id ?? randomUUID(), ...edge }));

/** What a map is when the request leaves a field out. */
export function newMapDraft(input: CreateMapInput): MapDraft {
  return {
    fields: {
      name: input.name.trim(),
      description: input.description ?? '',
      layout: input.layout ?? 'LR',
      status: input.status ?? 'planned',
    },
    attributes: input.attributes ?? [],
    nodes: input.nodes ?? [],
    edges: withIds(input.edges ?? []),
  };
}

/**
 * Sent lists replace the map's. When nodes change and edges are not sent, the
 * edges whose ends are still on the map stay and the others go with their
 * nodes, as when a view is deleted; sent edges must connect nodes of the map.
 */
export function changedMapDraft(current: PlanMap, input: UpdateMapInput): MapDraft {
  const { attributes, nodes, edges, ...changes } = input;
  const fields: MapFields = {
    name: (changes.name ?? current.name).trim(),
    description: changes.description ?? current.description,
    layout: changes.layout ?? current.layout,
    status: changes.status ?? current.status,
  };
  const finalNodes = nodes ?? current.nodes;
  const onMap = new Set(finalNodes.map((n) => n.viewId));
  return {
    fields,
    attributes: attributes ?? current.attributes,
    nodes: finalNodes,
    edges: edges ? withIds(edges) : current.edges.filter((e) => onMap.has(e.from) && onMap.has(e.to)),
  };
}

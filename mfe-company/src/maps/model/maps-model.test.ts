import {
  addEdge,
  addNode,
  graphOf,
  moveNodes,
  removeFromGraph,
  sameGraph,
  setEdgeEvent,
  toFlowEdges,
  toFlowNodes,
  type MapGraph,
  type ViewNodeData,
} from './graph';
import { canRedo, canUndo, record, redo, startHistory, undo } from './history';
import { imageFrameFor } from '../export/image-size';
import { changesSince } from './changes';
import { elkInput, positionsOf } from '../layout/elk-graph';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const E1 = '00000000-0000-4000-8000-0000000000e1';
const EV = '00000000-0000-4000-8000-0000000000f1';

const base: MapGraph = {
  nodes: [
    { viewId: A, x: 0, y: 0 },
    { viewId: B, x: 300, y: 0 },
  ],
  edges: [{ id: E1, from: A, to: B, eventId: null }],
};

describe('undo and redo history', () => {
  test('undo walks back, redo forward, and a new change forgets what was undone', () => {
    let h = startHistory(1);
    h = record(h, 2);
    h = record(h, 3);
    expect(canUndo(h)).toBe(true);
    h = undo(h);
    expect(h.present).toBe(2);
    h = undo(h);
    expect(h.present).toBe(1);
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe(2);
    expect(canRedo(h)).toBe(true);
    h = record(h, 9);
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual([1, 2]);
  });

  test('keeps at most the limit of past states and ignores recording the same state', () => {
    let h = startHistory(0);
    for (let i = 1; i <= 10; i++) h = record(h, i, 3);
    expect(h.past).toEqual([7, 8, 9]);
    expect(record(h, h.present)).toBe(h);
  });
});

describe('graph edits', () => {
  test('the API map becomes a graph with each edge event made explicit', () => {
    const g = graphOf({ nodes: base.nodes, edges: [{ id: E1, from: A, to: B, label: 'next' }] });
    expect(g.edges).toEqual([{ id: E1, from: A, to: B, eventId: null, label: 'next' }]);
  });

  test('adding a view twice keeps one node; positions are whole numbers', () => {
    const g = addNode(base, C, 10.6, 20.2);
    expect(g.nodes.at(-1)).toEqual({ viewId: C, x: 11, y: 20 });
    expect(addNode(g, C, 0, 0)).toBe(g);
  });

  test('edges refuse loops and exact duplicates; an event can be set on an edge', () => {
    expect(addEdge(base, { id: 'x', from: A, to: A })).toBe(base);
    expect(addEdge(base, { id: 'x', from: A, to: B })).toBe(base);
    const g = addEdge(base, { id: 'x', from: A, to: B, eventId: EV });
    expect(g.edges).toHaveLength(2);
    expect(setEdgeEvent(g, E1, EV).edges[0].eventId).toBe(EV);
  });

  test('removing a node removes the edges that touch it', () => {
    const g = removeFromGraph(base, new Set([B]), new Set());
    expect(g.nodes.map((n) => n.viewId)).toEqual([A]);
    expect(g.edges).toEqual([]);
    expect(removeFromGraph(base, new Set(), new Set([E1])).edges).toEqual([]);
  });

  test('moving nodes to where they are changes nothing', () => {
    expect(moveNodes(base, new Map([[A, { x: 0.2, y: 0 }]]))).toBe(base);
    const moved = moveNodes(base, new Map([[A, { x: 50, y: 60 }]]));
    expect(moved.nodes[0]).toEqual({ viewId: A, x: 50, y: 60 });
    expect(sameGraph(base, moved)).toBe(false);
    expect(sameGraph(base, { nodes: [...base.nodes], edges: [...base.edges] })).toBe(true);
  });
});

describe('React Flow conversion', () => {
  const data: Record<string, ViewNodeData> = {
    [A]: { name: 'Home', viewType: 'page', events: [] },
    [B]: { name: 'Cart', viewType: 'page', events: ['cart_viewed'] },
  };

  test('unchanged nodes and edges keep their objects so memoized components skip them', () => {
    const first = toFlowNodes(base, (id) => data[id]);
    expect(first.map((n) => [n.id, n.type, n.position])).toEqual([
      [A, 'view', { x: 0, y: 0 }],
      [B, 'view', { x: 300, y: 0 }],
    ]);
    const second = toFlowNodes(moveNodes(base, new Map([[B, { x: 1, y: 1 }]])), (id) => data[id], first);
    expect(second[0]).toBe(first[0]);
    expect(second[1]).not.toBe(first[1]);

    const edges = toFlowEdges(base, () => 'checkout');
    expect(edges[0]).toMatchObject({
      id: E1,
      source: A,
      target: B,
      type: 'event',
      data: { eventId: null, text: 'checkout' },
    });
    expect(toFlowEdges(base, () => 'checkout', edges)[0]).toBe(edges[0]);
    expect(toFlowEdges(base, () => 'other', edges)[0]).not.toBe(edges[0]);
  });
});

describe('export image frame', () => {
  test('holds every node at full size with padding', () => {
    const frame = imageFrameFor({ x: -100, y: 50, width: 2000, height: 600 }, 40);
    expect(frame).toEqual({ width: 2080, height: 680, zoom: 1, x: 140, y: -10 });
  });

  test('scales a map too big for a canvas down to the limit', () => {
    const frame = imageFrameFor({ x: 0, y: 0, width: 19_920, height: 1000 }, 40, 8000);
    expect(frame.width).toBe(8000);
    expect(frame.zoom).toBeCloseTo(0.4);
    expect(frame.height).toBe(Math.ceil(1080 * 0.4));
  });
});

describe('elk layout input', () => {
  test('follows the map direction and leaves out edges to unknown nodes', () => {
    const input = elkInput(
      [
        { id: A, width: 200, height: 60 },
        { id: B, width: 200, height: 60 },
      ],
      [
        { id: E1, source: A, target: B },
        { id: 'stray', source: A, target: C },
      ],
      'TB',
    );
    expect(input.layoutOptions['elk.direction']).toBe('DOWN');
    expect(input.edges).toEqual([{ id: E1, sources: [A], targets: [B] }]);
    expect(elkInput([], [], 'LR').layoutOptions['elk.direction']).toBe('RIGHT');
    const big = Array.from({ length: 301 }, (_, i) => ({ id: `n${i}`, width: 200, height: 60 }));
    expect(elkInput(big, [], 'LR').layoutOptions['elk.edgeRouting']).toBe('POLYLINE');
    expect(input.layoutOptions['elk.edgeRouting']).toBeUndefined();
    expect(positionsOf({ children: [{ id: A, x: 10.4, y: 3.6 }] }).get(A)).toEqual({ x: 10, y: 4 });
  });
});

describe('what a save sends', () => {
  const meta = { name: 'Checkout', layout: 'LR' as const, attributes: [] };
  const saved = { version: 3, graph: base, meta };

  test('nothing when nothing changed, positions alone after a move, edges alone after an edge edit', () => {
    expect(changesSince(saved, { nodes: [...base.nodes], edges: [...base.edges] }, { ...meta })).toEqual({});
    const moved = moveNodes(base, new Map([[A, { x: 9, y: 9 }]]));
    expect(Object.keys(changesSince(saved, moved, meta))).toEqual(['nodes']);
    expect(Object.keys(changesSince(saved, setEdgeEvent(base, E1, EV), meta))).toEqual(['edges']);
    expect(Object.keys(changesSince(saved, removeFromGraph(base, new Set([B]), new Set()), meta))).toEqual([
      'nodes',
      'edges',
    ]);
    expect(changesSince(saved, base, { ...meta, layout: 'TB' })).toEqual({ layout: 'TB' });
  });
});

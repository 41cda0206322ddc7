import ELK from 'elkjs/lib/elk-api';
import type { MapLayout } from '@tracemap/shell-core/tracking-plan';
import { elkInput, positionsOf, type LayoutEdge, type LayoutNode } from './elk-graph';

// elk's own worker build, emitted as a file (not bundled, so the 1.6 MB script is neither parsed
// nor minified by our build) and run off the main thread: laid out inline, a thousand-node map
// freezes the tab for seconds.
const workerUrl = new URL('elkjs/lib/elk-worker.min.js', import.meta.url);

function startWorker(given?: string): Worker {
  const url = given ?? workerUrl.href;
  try {
    return new Worker(url);
  } catch {
    // A remote served from another origin may not start a worker from its own URL; a same-origin
    // blob that imports the script may (classic worker scripts need no CORS).
    const boot = new Blob([`importScripts(${JSON.stringify(url)});`], { type: 'text/javascript' });
    return new Worker(URL.createObjectURL(boot));
  }
}

let elk: InstanceType<typeof ELK> | null = null;

/** New positions for every node, in the map's direction; the worker is started on first use and kept. */
export async function runLayout(
  nodes: readonly LayoutNode[],
  edges: readonly LayoutEdge[],
  direction: MapLayout,
): Promise<Map<string, { x: number; y: number }>> {
  elk ??= new ELK({ workerUrl: workerUrl.href, workerFactory: startWorker });
  const started = performance.now();
  const result = await elk.layout(
    elkInput(nodes, edges, direction) as Parameters<InstanceType<typeof ELK>['layout']>[0],
  );
  // Named so performance tools (and the map benchmark) can read how long elk took.
  performance.measure('map-layout', { start: started, end: performance.now() });
  return positionsOf(result);
}

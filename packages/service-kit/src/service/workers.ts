import type { FastifyBaseLogger } from 'fastify';

/** What `/health` and `/ready` say about each declared worker. */
export type WorkerState = 'off' | 'waiting' | 'running' | 'stopped' | 'failed';
export interface WorkerStatus {
  name: string;
  state: WorkerState;
}

/**
 * Background work a service runs besides answering requests (an outbox, a
 * sweeper, a cache's change listener). The kit starts it, stops it before the
 * pool closes, and reports it by name.
 */
export interface WorkerDeclaration<C, D> {
  name: string;
  /** Whether this process runs it (e.g. a setting); on by default. */
  enabled?: (config: C) => boolean;
  /**
   * `ready` (default): once the app is ready, also under `inject` in tests.
   * `listen`: only once the server listens, for work that must not run while
   * tests drive the app without a socket, or needs the bound port.
   */
  startOn?: 'ready' | 'listen';
  /** May return what stops it (a timer's handle), in place of a declared `stop`. */
  start(deps: D): void | Stoppable | Promise<void | Stoppable>;
  stop?(deps: D): void | Promise<void>;
}

interface Stoppable {
  stop(): void | Promise<void>;
}

interface Entry<C, D> {
  declaration: WorkerDeclaration<C, D>;
  state: WorkerState;
  running?: Stoppable;
}

/** Starts and stops one service's workers in order, remembering each one's state. */
export function workerRegistry<C, D>(declarations: WorkerDeclaration<C, D>[], config: C, log: () => FastifyBaseLogger) {
  const entries: Entry<C, D>[] = declarations.map((declaration) => ({
    declaration,
    state: declaration.enabled && !declaration.enabled(config) ? 'off' : 'waiting',
  }));
  const names = new Set<string>();
  for (const { declaration } of entries) {
    if (names.has(declaration.name)) throw new Error(`Two workers are named "${declaration.name}"`);
    names.add(declaration.name);
  }
  return {
    statuses: (): WorkerStatus[] => entries.map((e) => ({ name: e.declaration.name, state: e.state })),
    async start(deps: D, moment: 'ready' | 'listen'): Promise<void> {
      for (const entry of entries) {
        if (entry.state !== 'waiting' || (entry.declaration.startOn ?? 'ready') !== moment) continue;
        try {
          const started = await entry.declaration.start(deps);
          if (started) entry.running = started;
          entry.state = 'running';
        } catch (error) {
          entry.state = 'failed';
          throw error;
        }
      }
    },
    /** Last started, first stopped; one that fails to stop does not keep the others running. */
    async stop(deps: D): Promise<void> {
      for (const entry of [...entries].reverse()) {
        if (entry.state !== 'running') continue;
        try {
          if (entry.declaration.stop) await entry.declaration.stop(deps);
          else await entry.running?.stop();
          entry.state = 'stopped';
        } catch (error) {
          entry.state = 'failed';
          log().error({ err: error, worker: entry.declaration.name }, 'worker did not stop cleanly');
        }
      }
    },
  };
}

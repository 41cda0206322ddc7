import type { ManagedProcess } from './processes';

export interface RestartPolicy {
  /** Wait before the first restart; doubles with each failure in a row… */
  firstDelayMs: number;
  /** … up to this. */
  maxDelayMs: number;
  /** A process that stayed ready this long starts again from the first delay. */
  healthyAfterMs: number;
  /** Failures in a row (none of them healthy that long) after which it is left down. */
  maxFailuresInARow: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  firstDelayMs: 200,
  maxDelayMs: 5000,
  healthyAfterMs: 30_000,
  maxFailuresInARow: 10,
};

export interface SupervisedProcess {
  readonly name: string;
  /** The process running now (a new one after each restart). */
  readonly current: ManagedProcess;
  /** Ends supervision, then stops the process: an intended stop is not restarted. */
  stop(): Promise<void>;
}

export interface SuperviseOptions {
  name: string;
  start: () => ManagedProcess;
  /** Resolves once the process answers; rejects if it dies or does not answer in time. */
  ready: (process: ManagedProcess) => Promise<void>;
  log: (line: string) => void;
  policy?: Partial<RestartPolicy>;
  /**
   * A warm spare: a process that has done the slow part of starting and
   * waits to be activated. When given, one is kept ready and used for the
   * next restart instead of a cold start.
   */
  standby?: { spawn: () => ManagedProcess; activate: (process: ManagedProcess) => void };
}

const isAlive = (proc: ManagedProcess) => proc.child.exitCode === null && proc.child.signalCode === null;

export function restartDelayMs(failuresInARow: number, policy: RestartPolicy): number {
  return Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** Math.max(0, failuresInARow - 1));
}

function describeExit(process: ManagedProcess): string {
  const { exitCode, signalCode } = process.child;
  return signalCode ? `killed by ${signalCode}` : `exit code ${exitCode}`;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/**
 * Starts a process, waits until it is ready, and from then on brings it back
 * whenever it dies: after a short delay that doubles with each failure in a
 * row, resetting once a run has stayed healthy a while. A process that keeps
 * dying is left down with a log line saying so, rather than restarted in a
 * tight loop. The first start is not retried: a process that cannot start at
 * all is a configuration problem the caller reports.
 */
export async function supervise(options: SuperviseOptions): Promise<SupervisedProcess> {
  const policy = { ...DEFAULT_RESTART_POLICY, ...options.policy };
  const { name, log } = options;
  let current = options.start();
  try {
    await options.ready(current);
  } catch (error) {
    await current.stop(2000);
    throw error;
  }

  let stopping = false;
  let failuresInARow = 0;
  let readyAt: number | null = Date.now();
  let downSince = 0;
  let pending: NodeJS.Timeout | undefined;
  let spare: ManagedProcess | null = null;

  const prepareSpare = () => {
    if (!options.standby || stopping || spare) return;
    const proc = options.standby.spawn();
    spare = proc;
    void proc.exited.then(() => {
      if (spare === proc) spare = null;
    });
  };

  const restart = () => {
    if (stopping) return;
    const warm = spare && isAlive(spare) ? spare : null;
    spare = null;
    if (warm) options.standby!.activate(warm);
    const proc = warm ?? options.start();
    current = proc;
    readyAt = null;
    watch(proc);
    options.ready(proc).then(
      () => {
        if (stopping || current !== proc) return;
        readyAt = Date.now();
        const how = warm ? 'from its warm standby' : 'cold start';
        log(
          `[supervisor] ${name} is ready again (pid ${proc.child.pid}, ${how}), ${seconds(readyAt - downSince)} after it went down`,
        );
        prepareSpare();
      },
      (error: Error) => {
        // Died before answering: the exit handler restarts it. Alive but never ready: stop it so it is.
        if (stopping || proc.child.exitCode !== null || proc.child.signalCode !== null) return;
        log(`[supervisor] ${name} did not become ready (${error.message}); stopping it`);
        void proc.stop(2000);
      },
    );
  };

  function watch(proc: ManagedProcess) {
    void proc.exited.then(() => {
      if (stopping || current !== proc) return;
      const now = Date.now();
      const ranFor = readyAt === null ? null : now - readyAt;
      if (ranFor !== null && ranFor >= policy.healthyAfterMs) failuresInARow = 0;
      if (failuresInARow === 0) downSince = now;
      failuresInARow += 1;
      const why = describeExit(proc);
      if (failuresInARow > policy.maxFailuresInARow) {
        log(
          `[supervisor] ${name} stopped again (${why}) after ${policy.maxFailuresInARow} restarts without staying up ` +
            `${seconds(policy.healthyAfterMs)}; giving up: it stays down until Tracemap is restarted.`,
        );
        return;
      }
      const delay = restartDelayMs(failuresInARow, policy);
      const uptime = ranFor === null ? 'before it was ready' : `after ${seconds(ranFor)} up`;
      log(
        `[supervisor] ${name} (pid ${proc.child.pid}) died: ${why}, ${uptime}; restarting in ${delay} ms (failure ${failuresInARow} in a row)`,
      );
      pending = setTimeout(restart, delay);
    });
  }
  watch(current);
  prepareSpare();

  return {
    name,
    get current() {
      return current;
    },
    async stop() {
      stopping = true;
      clearTimeout(pending);
      await Promise.all([current.stop(), spare?.stop()]);
    },
  };
}

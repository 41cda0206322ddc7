import type { WorkerLogger } from '../src';

export function captureLogger(): WorkerLogger & { entries: Array<{ level: string; obj: object; msg?: string }> } {
  const entries: Array<{ level: string; obj: object; msg?: string }> = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
    error: (obj, msg) => entries.push({ level: 'error', obj, msg }),
  };
}

/** What the stand-in can answer instead of doing a call: Slack's own failure shapes. */
export type Fault =
  | { kind: 'rate_limited'; retryAfterSeconds: number }
  | { kind: 'server_error'; status: number }
  | { kind: 'error'; error: string };

/** Decides, per call, whether it fails; null lets it through. */
export type FaultPlan = (method: string, body: Record<string, unknown>) => Fault | null;

/** Faults queued for the next calls of one method, used up in order. */
export class FaultQueue {
  private readonly queued = new Map<string, Fault[]>();
  plan: FaultPlan | null = null;

  push(method: string, fault: Fault, times: number): void {
    const list = this.queued.get(method) ?? [];
    for (let i = 0; i < times; i++) list.push(fault);
    this.queued.set(method, list);
  }

  take(method: string, body: Record<string, unknown>): Fault | null {
    const list = this.queued.get(method);
    if (list && list.length > 0) return list.shift()!;
    return this.plan?.(method, body) ?? null;
  }

  clear(): void {
    this.queued.clear();
    this.plan = null;
  }
}

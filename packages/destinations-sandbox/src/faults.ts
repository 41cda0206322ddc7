import type { FastifyReply } from 'fastify';

export type Vendor = 'segment' | 'amplitude' | 'mparticle' | 'rudderstack';
export const VENDORS: readonly Vendor[] = ['segment', 'amplitude', 'mparticle', 'rudderstack'];

/** A failure a test asks for instead of the vendor's next normal answer. */
export interface Fault {
  status: number;
  /** Sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
}

/** Failures queued per vendor, answered in order before normal answers resume. */
export class FaultQueue {
  private readonly queues = new Map<Vendor, Fault[]>();

  push(vendor: Vendor, faults: Fault[]): void {
    this.queues.set(vendor, [...(this.queues.get(vendor) ?? []), ...faults]);
  }

  take(vendor: Vendor): Fault | undefined {
    return this.queues.get(vendor)?.shift();
  }

  pending(vendor: Vendor): number {
    return this.queues.get(vendor)?.length ?? 0;
  }
}

/** Each vendor's error body, so clients see the shape they would see in production. */
export function sendError(reply: FastifyReply, vendor: Vendor, status: number, message: string, retryAfter?: number) {
  if (retryAfter !== undefined) reply.header('retry-after', String(retryAfter));
  reply.code(status);
  switch (vendor) {
    case 'segment':
      return reply.send({ errors: [{ type: status === 429 ? 'rate-limit' : 'error', message }] });
    case 'amplitude':
      return reply.send({ success: false, errors: [{ message }] });
    case 'mparticle':
      return reply.send({ errors: [{ message }] });
    default:
      return reply.send({ message });
  }
}

/** A fixed-window budget of calls (per minute, per hour): how long to wait when it is spent. */
export class Budget {
  private windowStart = 0;
  private used = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
  ) {}

  /** Seconds until the next window when the budget cannot pay `cost`, else null (and the cost is counted). */
  take(cost = 1): number | null {
    const now = this.now();
    if (now - this.windowStart >= this.windowMs) {
      this.windowStart = now;
      this.used = 0;
    }
    if (this.used + cost > this.limit) return Math.max(1, Math.ceil((this.windowStart + this.windowMs - now) / 1000));
    this.used += cost;
    return null;
  }
}

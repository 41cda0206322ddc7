/** A failure a test asks a stand-in to answer instead of its next normal answer. */
export interface Fault {
  status: number;
  /** Sent as `Retry-After` (seconds). */
  retryAfterSeconds?: number;
  message?: string;
}

export type Vendor = 'ga4' | 'amplitude';

/** Failures queued per vendor, answered in order before normal answers resume. */
export class FaultQueue {
  private readonly queues: Record<Vendor, Fault[]> = { ga4: [], amplitude: [] };

  push(vendor: Vendor, faults: Fault[]): void {
    this.queues[vendor].push(...faults);
  }

  take(vendor: Vendor): Fault | undefined {
    return this.queues[vendor].shift();
  }
}

import type pg from 'pg';
import type { OperationOutcome } from '@tracemap/contracts';
import { tenantTransaction } from '../../core/tenant';
import { recordOutcomes, type Lease } from './run-repository';

/** One write per this many outcomes (a Segment batch reports up to 200 at once). */
const BATCH = 200;

/**
 * Stores a run's operation outcomes in batches rather than one transaction each, so a
 * 10,000-event push does not pay 10,000 round trips. Losing a batch in a crash loses only its
 * log lines: the run taken over reads the destination again and records what it finds to do.
 */
export class OutcomeRecorder {
  private pending = new Map<string, OperationOutcome>();

  constructor(
    private readonly db: pg.Pool,
    private readonly lease: Lease,
    private readonly leaseSeconds: number,
  ) {}

  /** Answers false once the lease is no longer ours. */
  async add(outcome: OperationOutcome): Promise<boolean> {
    // The latest outcome of an operation wins (one row per operation in the run).
    this.pending.set(`${outcome.operation.target}\u0000${outcome.operation.key}`, outcome);
    return this.pending.size >= BATCH ? this.flush() : true;
  }

  async flush(): Promise<boolean> {
    const outcomes = [...this.pending.values()];
    this.pending = new Map();
    return tenantTransaction(this.db, this.lease.companyId, (client) =>
      recordOutcomes(client, this.lease, outcomes, this.leaseSeconds),
    );
  }
}

import type pg from 'pg';
import { COMPANY_PLAN_EVENTS_CHANNEL, type PlanSnapshot, type PlanSnapshotRead } from '@tracemap/contracts';
import {
  BoundedLru,
  NotificationChannel,
  notifyProbe,
  PushInvalidatedCache,
  type ChannelLog,
} from '@tracemap/service-kit';

const planTag = (companyId: string) => `plan:${companyId}`;
const PLAN_TAG = /^plan:([0-9a-f-]{36})$/;

/**
 * Each company's plan as the company service snapshots it, so discovery never asks for the
 * plan per request. A snapshot counts as current while this replica hears the company's plan
 * announcements and none has named the company; after one (or while they cannot be heard)
 * the next read asks again, sending the version it holds, and an unchanged plan costs a 304
 * rather than the whole plan. `onChange` tells discovery a company's plan changed (to judge
 * its findings again).
 */
export class PlanSnapshots {
  readonly channel: NotificationChannel | null;
  private readonly current: PushInvalidatedCache<PlanSnapshot>;
  /** The last snapshot seen per company, current or not: its version is what the next read sends. */
  private readonly known: BoundedLru<PlanSnapshot>;
  private readonly listeners: Array<(companyId: string) => void> = [];

  constructor(
    db: pg.Pool,
    private readonly options: {
      databaseUrl: string;
      ttlMs: number;
      maxCompanies: number;
      read: (companyId: string, knownVersion: string | undefined) => Promise<PlanSnapshotRead>;
    },
  ) {
    this.channel =
      options.ttlMs > 0
        ? new NotificationChannel({
            databaseUrl: options.databaseUrl,
            channel: COMPANY_PLAN_EVENTS_CHANNEL,
            applicationName: 'insights_plan_listener',
            probe: notifyProbe(db, COMPANY_PLAN_EVENTS_CHANNEL),
          })
        : null;
    this.current = new PushInvalidatedCache<PlanSnapshot>({ channel: this.channel, max: options.maxCompanies });
    this.known = new BoundedLru<PlanSnapshot>(options.maxCompanies);
    this.channel?.on('message', (payload: string) => {
      for (const tag of payload.split(' ')) {
        const companyId = PLAN_TAG.exec(tag)?.[1];
        if (companyId) for (const listener of this.listeners) listener(companyId);
      }
    });
  }

  start(log?: ChannelLog): void {
    this.channel?.start(log);
  }

  async stop(): Promise<void> {
    await this.channel?.stop();
  }

  /** The company's plan at its current version. */
  get(companyId: string): Promise<PlanSnapshot> {
    return this.current.get(companyId, [planTag(companyId)], async () => {
      const held = this.known.get(companyId);
      const read = await this.options.read(companyId, held?.version);
      const snapshot = read.status === 'changed' ? read.snapshot : held;
      // A 304 can only answer a version we sent, so `held` is there; asking plainly covers a race with eviction.
      const fresh = snapshot ?? (await this.readWhole(companyId));
      this.known.set(companyId, fresh, Number.MAX_SAFE_INTEGER);
      return { value: fresh, ttlMs: this.options.ttlMs };
    });
  }

  /**
   * The service changed the company's plan itself (discovery's triage): the next read asks
   * the company service again instead of waiting for its announcement to arrive.
   */
  forget(companyId: string): void {
    this.current.invalidate(planTag(companyId));
  }

  /** Calls back with the company of every plan change announced; answers what stops it. */
  onChange(listener: (companyId: string) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const index = this.listeners.indexOf(listener);
      if (index >= 0) this.listeners.splice(index, 1);
    };
  }

  private async readWhole(companyId: string): Promise<PlanSnapshot> {
    const read = await this.options.read(companyId, undefined);
    if (read.status !== 'changed') throw new Error('the company service answered 304 to a read without a version');
    return read.snapshot;
  }
}

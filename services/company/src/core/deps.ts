import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { ChannelLog, NotificationChannel, NotificationRelay, Queryable } from '@tracemap/service-kit';
import type { CompanyConfig } from '../config';
import type { SharedCompanyInfo } from './company-info';
import type { InfoCache } from './info-cache';
import type { MembershipCache } from './membership-cache';
import type { Peers } from './peers';
import type { SubscriptionGate } from './subscription-gate';

/** A change listener the service runs as a worker (a database notification channel). */
export interface ChangeListener {
  readonly channel: NotificationChannel | null;
  start(log: ChannelLog): void;
  stop(): Promise<void>;
}

/** Plan reads kept per company (the tracking plan implements it). */
export interface PlanReads extends ChangeListener {
  read<T>(companyId: string, key: string, load: () => Promise<T>, items: (value: T) => number): Promise<T>;
  /** Drops the company's kept reads in this replica at once, after a write it made. */
  invalidate(companyId: string): void;
  /** Calls back with the company of every plan change announced, from any replica; answers what stops it. */
  onChange(listener: (companyId: string) => void): () => void;
}

/** New companies' trials, handed to billing by a worker (billing implements it). */
export interface TrialQueue {
  /** Queues the request in the company's creating transaction: it commits with it or not at all. */
  request(client: Queryable, companyId: string, creatorUserId: string): Promise<void>;
  /** Polls from now on (the `trials` worker, where billing is enforced). */
  start(): void;
  /** Hands new requests over now; nothing while the worker does not run (requests wait in the queue). */
  wake(): void;
  /** Handles every request that is due now; answers how many were handed over. */
  drain(): Promise<number>;
  stop(): Promise<void>;
}

/** What use cases need from the outside world, handed in rather than imported. */
export interface CompanyDeps {
  db: pg.Pool;
  config: CompanyConfig;
  log: FastifyBaseLogger;
  peers: Peers;
  infoCache: InfoCache<SharedCompanyInfo>;
  /** Callers' roles per company, emptied by every removal and role change. */
  memberships: MembershipCache;
  /** Plan reads kept per company, emptied by every change to its plan (announced by the database). */
  planReads: PlanReads;
  /** Asks the outbox worker to look for new emails now rather than at its next poll. */
  wakeOutbox(): void;
  /** Whether a company may edit its plan (its subscription runs). */
  subscriptions: SubscriptionGate;
  /** Billing's change announcements, heard by the `subscription-events` worker where statuses are kept. */
  subscriptionEvents: ChangeListener;
  /** Trial requests of new companies, handed to billing by the `trials` worker. */
  trials: TrialQueue;
  /** Bursts of plan changes relayed to the integrations service; null where it is not configured. */
  notifications: NotificationRelay | null;
}

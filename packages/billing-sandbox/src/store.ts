import type pg from 'pg';
import { newId } from './ids';
import type { Plan } from '@tracemap/contracts';
import { catalogueObject, cataloguePrices } from './objects/prices';
import type { SandboxTables } from './tables';

export type StripeObject = Record<string, unknown> & { id: string; object: string };
export type Internal = Record<string, unknown>;

export interface StoredObject<T extends StripeObject = StripeObject> {
  data: T;
  internal: Internal;
}

export interface ListOptions {
  customer?: string;
  /** Fields (dotted paths, e.g. `parent.subscription_details.subscription`) whose text must match exactly. */
  match?: Record<string, string>;
  /** A metadata key and value that must match. */
  metadata?: [string, string];
  /** Leaves out objects whose `status` is one of these. */
  statusNotIn?: string[];
  limit?: number;
  startingAfter?: string;
  endingBefore?: string;
}

export interface Page<T> {
  data: T[];
  hasMore: boolean;
}

/** The version stamped on events when a request does not name one. */
export const DEFAULT_API_VERSION = '2026-10-28.endive';

/** What every store of one sandbox opens with: the catalogue it sells and where its tables are. */
export interface SandboxSetup {
  plans: Plan[];
  tables: SandboxTables;
}

// Every change to the sandbox holds this lock: one writer at a time keeps
// clock processing, idempotency and object updates simple and consistent.
const lockKey = (tables: SandboxTables) => `tracemap:${tables.schema}:sandbox`;

/**
 * The sandbox's state inside one transaction: objects, the clock, and events
 * written with the change that causes them (they are also the webhook outbox).
 */
export class SandboxStore {
  readonly emitted: string[] = [];
  private constructor(
    readonly client: pg.PoolClient,
    private nowSeconds: number,
    readonly offsetSeconds: number,
    readonly apiVersion: string,
    private readonly plans: Plan[],
    readonly tables: SandboxTables,
  ) {}

  /** `plans` is the price catalogue the sandbox offers (the service's configured plans). */
  static async open(
    client: pg.PoolClient,
    { plans, tables }: SandboxSetup,
    apiVersion = DEFAULT_API_VERSION,
  ): Promise<SandboxStore> {
    await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [lockKey(tables)]);
    const { rows } = await client.query<{ offset_seconds: string }>(
      `SELECT offset_seconds FROM ${tables.clock} WHERE id = 1`,
    );
    const offset = Number(rows[0]?.offset_seconds ?? 0);
    return new SandboxStore(client, Math.floor(Date.now() / 1000) + offset, offset, apiVersion, plans, tables);
  }

  /** The emulated time in Unix seconds. */
  now(): number {
    return this.nowSeconds;
  }

  /** Moves this transaction's notion of now while due work is processed in order. */
  setNow(seconds: number): void {
    this.nowSeconds = seconds;
  }

  async get<T extends StripeObject = StripeObject>(id: string): Promise<StoredObject<T> | null> {
    const { rows } = await this.client.query(`SELECT data, internal FROM ${this.tables.objects} WHERE id = $1`, [id]);
    return rows[0] ? { data: rows[0].data as T, internal: rows[0].internal as Internal } : null;
  }

  /** An object of one type, or null; prices and products come from the plan catalogue. */
  async find<T extends StripeObject = StripeObject>(id: string, object: string): Promise<StoredObject<T> | null> {
    const fromCatalogue = this.catalogueObject(id);
    if (fromCatalogue) return fromCatalogue.object === object ? { data: fromCatalogue as T, internal: {} } : null;
    const found = await this.get<T>(id);
    return found && found.data.object === object ? found : null;
  }

  /** A price or product of the catalogue, or null. */
  catalogueObject(id: string): StripeObject | null {
    return catalogueObject(this.plans, id);
  }

  prices() {
    return cataloguePrices(this.plans);
  }

  async insert<T extends StripeObject>(data: T, internal: Internal = {}): Promise<T> {
    const customer = typeof data.customer === 'string' ? data.customer : data.object === 'customer' ? data.id : null;
    await this.client.query(
      `INSERT INTO ${this.tables.objects} (id, type, customer, data, internal) VALUES ($1, $2, $3, $4, $5)`,
      [data.id, data.object, customer, JSON.stringify(data), JSON.stringify(internal)],
    );
    return data;
  }

  async save<T extends StripeObject>(data: T, internal?: Internal): Promise<T> {
    const customer = typeof data.customer === 'string' ? data.customer : data.object === 'customer' ? data.id : null;
    if (internal === undefined) {
      await this.client.query(`UPDATE ${this.tables.objects} SET data = $2, customer = $3 WHERE id = $1`, [
        data.id,
        JSON.stringify(data),
        customer,
      ]);
    } else {
      await this.client.query(
        `UPDATE ${this.tables.objects} SET data = $2, customer = $3, internal = $4 WHERE id = $1`,
        [data.id, JSON.stringify(data), customer, JSON.stringify(internal)],
      );
    }
    return data;
  }

  /** Newest first, as the provider lists. */
  async list<T extends StripeObject = StripeObject>(
    type: string,
    options: ListOptions = {},
  ): Promise<Page<StoredObject<T>>> {
    const limit = Math.min(Math.max(options.limit ?? 10, 1), 100);
    const where: string[] = ['type = $1'];
    const values: unknown[] = [type];
    const add = (sql: (n: number) => string, value: unknown) => {
      values.push(value);
      where.push(sql(values.length));
    };
    if (options.customer) add((n) => `customer = $${n}`, options.customer);
    for (const [key, value] of Object.entries(options.match ?? {})) {
      values.push(key.split('.'));
      add((n) => `data #>> $${n - 1}::text[] = $${n}`, value);
    }
    if (options.metadata) {
      values.push(options.metadata[0]);
      add((n) => `data->'metadata'->>$${n - 1} = $${n}`, options.metadata[1]);
    }
    if (options.statusNotIn?.length) add((n) => `NOT (data->>'status' = ANY($${n}::text[]))`, options.statusNotIn);
    let order = 'DESC';
    if (options.startingAfter)
      add((n) => `seq < (SELECT seq FROM ${this.tables.objects} WHERE id = $${n})`, options.startingAfter);
    else if (options.endingBefore) {
      add((n) => `seq > (SELECT seq FROM ${this.tables.objects} WHERE id = $${n})`, options.endingBefore);
      order = 'ASC';
    }
    values.push(limit + 1);
    const { rows } = await this.client.query(
      `SELECT data, internal FROM ${this.tables.objects} WHERE ${where.join(' AND ')} ORDER BY seq ${order} LIMIT $${values.length}`,
      values,
    );
    const page = rows.slice(0, limit).map((r) => ({ data: r.data as T, internal: r.internal as Internal }));
    if (order === 'ASC') page.reverse();
    return { data: page, hasMore: rows.length > limit };
  }

  /**
   * Records an event with a snapshot of the object as it is now; it is
   * delivered as a webhook after this transaction commits.
   */
  async emit(type: string, object: StripeObject, previousAttributes?: Record<string, unknown>): Promise<string> {
    const id = newId('evt');
    const event = {
      id,
      object: 'event',
      api_version: this.apiVersion,
      created: this.nowSeconds,
      data: {
        object,
        ...(previousAttributes && Object.keys(previousAttributes).length > 0
          ? { previous_attributes: previousAttributes }
          : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    await this.client.query(`INSERT INTO ${this.tables.events} (id, type, created, data) VALUES ($1, $2, $3, $4)`, [
      id,
      type,
      this.nowSeconds,
      JSON.stringify(event),
    ]);
    this.emitted.push(id);
    return id;
  }

  async setClockOffset(offsetSeconds: number): Promise<void> {
    await this.client.query(`UPDATE ${this.tables.clock} SET offset_seconds = $1 WHERE id = 1`, [offsetSeconds]);
  }
}

/** The top-level fields whose values differ, with their old values: an event's previous_attributes. */
export function previousAttributes(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(before)) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) changed[key] = before[key];
  }
  return changed;
}

import { EventEmitter } from 'node:events';
import { BoundedLru } from './bounded-lru';
import type { NotificationChannel } from './notification-channel';

export interface Loaded<V> {
  value: V;
  /** How long the value may be kept at most; 0 or less: do not keep it (e.g. a negative answer). */
  ttlMs: number;
  /** Its share of the cache's `max` (default 1), for values of very different sizes. */
  weight?: number;
}

export interface PushInvalidatedCacheOptions {
  /** Announces changes; its payloads are space-separated tags. Null: never cache. */
  channel: NotificationChannel | null;
  /** The most entries kept, or the most total weight where loads give one. */
  max?: number;
}

interface Flight<V> {
  promise: Promise<V>;
  tags: string[];
  /** Set when a change to one of its tags was announced while it ran: its answer is served, never kept. */
  stale: boolean;
}

/**
 * A cache of answers from a source of truth that announces its changes:
 * entries carry tags (`session:<id>`, `user:<id>`…) and an announcement of a
 * tag drops every entry carrying it. It serves from memory only while the
 * channel is up; when the channel goes down everything is dropped and every
 * lookup goes to the source until the channel is up again, so a change is
 * never missed, only paid for.
 *
 * Concurrent lookups of the same key share one load, and a load that an
 * announcement overtook is answered but not kept. Emits `invalidated` (tag).
 */
export class PushInvalidatedCache<V> extends EventEmitter {
  private readonly byTag = new Map<string, Set<string>>();
  private readonly entries: BoundedLru<{ value: V; tags: string[] }>;
  private readonly flights = new Map<string, Flight<V>>();
  /** Bumped whenever everything is dropped: loads begun before may not be kept. */
  private generation = 0;
  /** Running totals for the metrics: a hit answered from memory (or a load already under way), a miss asked the source. */
  readonly counts = { hits: 0, misses: 0 };

  constructor(private readonly options: PushInvalidatedCacheOptions) {
    super();
    this.entries = new BoundedLru(options.max ?? 10_000, (key, entry) => this.unindex(key, entry.tags));
    options.channel?.on('message', (payload: string) => {
      for (const tag of payload.split(' ')) if (tag) this.invalidate(tag);
    });
    options.channel?.on('down', () => this.clear());
    options.channel?.on('up', () => this.clear());
  }

  /** True while answers may come from memory. */
  get live(): boolean {
    return this.options.channel?.up === true;
  }

  async get(key: string, tags: string[], load: () => Promise<Loaded<V>>): Promise<V> {
    if (!this.live) {
      this.counts.misses += 1;
      return (await load()).value;
    }
    const hit = this.entries.get(key);
    if (hit) {
      this.counts.hits += 1;
      return hit.value;
    }
    const flying = this.flights.get(key);
    if (flying && !flying.stale) {
      this.counts.hits += 1;
      return flying.promise;
    }
    this.counts.misses += 1;

    const generation = this.generation;
    const flight: Flight<V> = { promise: undefined as unknown as Promise<V>, tags, stale: false };
    flight.promise = load().then(
      (loaded) => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        if (!flight.stale && generation === this.generation && this.live) this.keep(key, tags, loaded);
        return loaded.value;
      },
      (error: unknown) => {
        if (this.flights.get(key) === flight) this.flights.delete(key);
        throw error;
      },
    );
    this.flights.set(key, flight);
    return flight.promise;
  }

  /** Drops everything carrying the tag, also loads still running. */
  invalidate(tag: string): void {
    const keys = this.byTag.get(tag);
    if (keys) for (const key of [...keys]) this.entries.delete(key);
    for (const [key, flight] of this.flights) {
      if (flight.tags.includes(tag)) {
        flight.stale = true;
        this.flights.delete(key);
      }
    }
    this.emit('invalidated', tag);
  }

  clear(): void {
    this.generation += 1;
    this.entries.clear();
    for (const flight of this.flights.values()) flight.stale = true;
    this.flights.clear();
  }

  private keep(key: string, tags: string[], loaded: Loaded<V>): void {
    if (loaded.ttlMs <= 0) return;
    this.entries.set(key, { value: loaded.value, tags }, loaded.ttlMs, Date.now(), loaded.weight ?? 1);
    for (const tag of tags) {
      let keys = this.byTag.get(tag);
      if (!keys) this.byTag.set(tag, (keys = new Set()));
      keys.add(key);
    }
  }

  private unindex(key: string, tags: string[]): void {
    for (const tag of tags) {
      const keys = this.byTag.get(tag);
      if (!keys) continue;
      keys.delete(key);
      if (keys.size === 0) this.byTag.delete(tag);
    }
  }
}

import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import pg from 'pg';

export interface ChannelLog {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface NotificationChannelOptions {
  databaseUrl: string;
  /** The PostgreSQL notification channel (a plain identifier). */
  channel: string;
  /**
   * Makes the owner of the channel publish `probe:<nonce>` on it, through the
   * same path its real announcements take. The channel only counts as up once
   * that probe has come back on the listening connection.
   */
  probe: (nonce: string) => Promise<void>;
  probeTimeoutMs?: number;
  /** How often the listening connection is checked; a dead one is noticed within about this. */
  heartbeatMs?: number;
  retryMs?: number;
  maxRetryMs?: number;
  applicationName?: string;
  log?: ChannelLog;
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const quietLog: ChannelLog = { info: () => undefined, warn: () => undefined };

/**
 * One dedicated connection that LISTENs on a channel and says whether it can
 * be trusted right now. Caches that are invalidated by these notifications
 * must serve from memory only while `up` is true: a notification sent while
 * the connection was gone is lost, so on `down` they drop everything and go
 * back to asking the source of truth until the channel is up again.
 *
 * Events: `up`, `down`, `message` (payload) for every non-probe notification.
 */
export class NotificationChannel extends EventEmitter {
  private client: pg.Client | null = null;
  private state: 'stopped' | 'connecting' | 'up' | 'down' = 'stopped';
  private heartbeat: NodeJS.Timeout | null = null;
  private retry: NodeJS.Timeout | null = null;
  private retryMs: number;
  private pendingProbe: { nonce: string; arrived: () => void } | null = null;
  private warnedUndelivered = false;
  /** The listening backend's process id (tests cut the channel with pg_terminate_backend). */
  backendPid: number | null = null;
  /** Replaceable once the app's logger exists. */
  log: ChannelLog;

  constructor(private readonly options: NotificationChannelOptions) {
    super();
    if (!IDENTIFIER.test(options.channel)) throw new Error(`Not a safe channel name: ${options.channel}`);
    this.retryMs = options.retryMs ?? 250;
    this.log = options.log ?? quietLog;
  }

  get up(): boolean {
    return this.state === 'up';
  }

  /** Starts listening; `log` replaces the channel's log (the app's logger exists only once the app does). */
  start(log?: ChannelLog): void {
    if (log) this.log = log;
    if (this.state !== 'stopped') return;
    this.state = 'connecting';
    void this.connect();
  }

  async stop(): Promise<void> {
    const wasUp = this.state === 'up';
    this.state = 'stopped';
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    await this.dropClient();
    if (wasUp) this.emit('down');
  }

  /** Resolves once the channel is up; rejects after `timeoutMs`. */
  whenUp(timeoutMs: number): Promise<void> {
    if (this.up) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('up', onUp);
        reject(new Error(`notification channel ${this.options.channel} not up within ${timeoutMs} ms`));
      }, timeoutMs);
      const onUp = () => {
        clearTimeout(timer);
        resolve();
      };
      this.once('up', onUp);
    });
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({
      connectionString: this.options.databaseUrl,
      application_name: this.options.applicationName ?? `listen_${this.options.channel}`,
      keepAlive: true,
      connectionTimeoutMillis: 5000,
    });
    this.client = client;
    let connected = false;
    client.on('error', () => this.lost(client, 'connection error'));
    client.on('end', () => this.lost(client, 'connection ended'));
    client.on('notification', (message) => {
      if (message.channel !== this.options.channel) return;
      const payload = message.payload ?? '';
      if (payload.startsWith('probe:')) {
        if (this.pendingProbe?.nonce === payload.slice(6)) this.pendingProbe.arrived();
        return;
      }
      this.emit('message', payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
      this.backendPid = (await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0].pid;
      if (this.client !== client) return;
      connected = true;
      await this.probe();
    } catch (error) {
      if (this.client !== client) return;
      const undelivered = (error as Error).message === 'probe not delivered';
      // The database answers but the owner would not probe (down, or too old to know how): no hurry.
      if (connected && !undelivered) {
        this.lost(client, (error as Error).message, Math.max(this.retryMs, 5000));
        return;
      }
      if (undelivered && !this.warnedUndelivered) {
        this.warnedUndelivered = true;
        this.log.warn(
          { channel: this.options.channel },
          'notifications do not reach this listener (a different database, or the embedded one): checking on every request instead of caching',
        );
      }
      this.lost(client, (error as Error).message, undelivered ? 30_000 : undefined);
      return;
    }
    if (this.client !== client || this.state === 'stopped') return;
    this.state = 'up';
    this.retryMs = this.options.retryMs ?? 250;
    this.warnedUndelivered = false;
    this.startHeartbeat(client);
    this.log.info({ channel: this.options.channel }, 'notification channel up');
    this.emit('up');
  }

  private async probe(): Promise<void> {
    const nonce = randomUUID();
    const timeoutMs = this.options.probeTimeoutMs ?? 2000;
    let timer: NodeJS.Timeout | undefined;
    const arrived = new Promise<void>((resolve, reject) => {
      this.pendingProbe = { nonce, arrived: resolve };
      timer = setTimeout(() => reject(new Error('probe not delivered')), timeoutMs);
    });
    // The deadline may pass while the owner is still answering the probe
    // request; the rejection is awaited below, never left unhandled.
    arrived.catch(() => undefined);
    try {
      await this.options.probe(nonce);
      await arrived;
    } finally {
      clearTimeout(timer);
      this.pendingProbe = null;
    }
  }

  private startHeartbeat(client: pg.Client): void {
    const every = this.options.heartbeatMs ?? 500;
    let inFlight = false;
    this.heartbeat = setInterval(() => {
      if (inFlight) return;
      inFlight = true;
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise(
        (_, reject) => (timer = setTimeout(() => reject(new Error('heartbeat timed out')), every * 2)),
      );
      Promise.race([client.query('SELECT 1'), deadline])
        .catch((error: Error) => this.lost(client, error.message))
        .finally(() => {
          clearTimeout(timer);
          inFlight = false;
        });
    }, every);
    this.heartbeat.unref();
  }

  private lost(client: pg.Client, reason: string, retryMs?: number): void {
    if (this.client !== client || this.state === 'stopped') return;
    const wasUp = this.state === 'up';
    this.state = 'down';
    void this.dropClient();
    if (wasUp) {
      this.log.warn(
        { channel: this.options.channel, reason },
        'notification channel down: checking on every request until it is back',
      );
      this.emit('down');
    }
    const delay = retryMs ?? this.retryMs;
    this.retryMs = Math.min(this.retryMs * 2, this.options.maxRetryMs ?? 5000);
    this.retry = setTimeout(() => {
      this.retry = null;
      if (this.state === 'down') {
        this.state = 'connecting';
        void this.connect();
      }
    }, delay);
    this.retry.unref();
  }

  private async dropClient(): Promise<void> {
    if (this.heartbeat) clearInterval(this.heartbeat);
    this.heartbeat = null;
    const client = this.client;
    this.client = null;
    this.backendPid = null;
    if (!client) return;
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    await client.end().catch(() => undefined);
  }
}

/**
 * The probe of a channel its owner publishes on with pg_notify through the
 * same pool its announcements take (the probe's round trip proves that path).
 */
export function notifyProbe(
  db: { query(text: string, values: unknown[]): Promise<unknown> },
  channel: string,
): (nonce: string) => Promise<void> {
  return async (nonce) => void (await db.query('SELECT pg_notify($1, $2)', [channel, `probe:${nonce}`]));
}

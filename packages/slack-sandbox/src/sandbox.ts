import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { authorizePage } from './authorize-page';
import { FaultQueue, type Fault, type FaultPlan } from './faults';
import { readState, writeState } from './state-file';
import { acceptSlackBodies, jsonField, stringField, tokenOf } from './wire';

export interface SandboxChannel {
  id: string;
  name: string;
  isArchived?: boolean;
}

export interface SlackSandboxOptions {
  clientId?: string;
  clientSecret?: string;
  teamId?: string;
  teamName?: string;
  channels?: SandboxChannel[];
  port?: number;
  /** Where to keep installs and messages between runs (none: everything is forgotten on stop). */
  stateFile?: string;
}

/** One call as the stand-in saw it (after faults: `fault` says what it answered instead). */
export interface RecordedCall {
  method: string;
  at: number;
  token: string;
  body: Record<string, unknown>;
  fault: Fault | null;
}

/** A message as posted in a channel (or through an incoming webhook). */
export interface PostedMessage {
  channel: string;
  ts: string;
  threadTs: string | null;
  text: string;
  blocks: unknown;
  /** What the poster attached as message metadata (`event_type`, `event_payload`). */
  metadata: unknown;
  at: number;
  /** Each chat.update of it, latest last. */
  updates: Array<{ text: string; at: number }>;
}

interface Token {
  teamId: string;
  revoked: boolean;
}

/**
 * A local Slack: the OAuth v2 consent page and code exchange, the Web API methods the product
 * uses and an incoming webhook, with Slack's wire format (form or JSON bodies, HTTP 200 with
 * `{ ok: false, error }`, 429 with `Retry-After`). It records every call and can be told to fail.
 */
export class SlackSandbox {
  readonly clientId: string;
  readonly clientSecret: string;
  readonly teamId: string;
  readonly teamName: string;
  readonly channels: SandboxChannel[];
  readonly calls: RecordedCall[] = [];
  readonly messages: PostedMessage[];
  readonly faults = new FaultQueue();
  url = '';
  /**
   * Runs after a Web API call was carried out and before it is answered: a test can act at
   * the moment Slack has done the work but the caller has not heard back (e.g. kill it).
   */
  beforeAnswer: ((call: RecordedCall) => Promise<void>) | null = null;
  private readonly codes = new Map<string, { channel: string; redirectUri: string }>();
  private readonly tokens: Map<string, Token>;
  private readonly webhooks: Map<string, { channel: string; token: string }>;
  private server: FastifyInstance | null = null;
  private tsCounter: number;

  constructor(private readonly options: SlackSandboxOptions = {}) {
    const kept = readState(options.stateFile);
    this.tokens = new Map(kept?.tokens ?? []);
    this.webhooks = new Map(kept?.webhooks ?? []);
    this.messages = kept?.messages ?? [];
    this.tsCounter = kept?.tsCounter ?? 0;
    this.clientId = options.clientId ?? '1000000000.2000000000';
    this.clientSecret =
      options.clientSecret ?? kept?.clientSecret ?? `sandbox-client-secret-${randomBytes(8).toString('hex')}`;
    this.teamId = options.teamId ?? 'T0SANDBOX';
    this.teamName = options.teamName ?? 'Local Slack';
    this.channels = options.channels ?? [
      { id: 'C0GENERAL', name: 'general' },
      { id: 'C0ANALYTICS', name: 'analytics' },
      { id: 'C0ARCHIVED', name: 'old-plans', isArchived: true },
    ];
  }

  /** The Web API base as clients take it (`slackApiUrl`). */
  get apiUrl(): string {
    return `${this.url}/api/`;
  }

  get authorizeUrl(): string {
    return `${this.url}/oauth/v2/authorize`;
  }

  /** The next `times` calls of `method` answer with the fault. */
  failNext(method: string, fault: Fault, times = 1): void {
    this.faults.push(method, fault, times);
  }

  /** A rule asked on every call (e.g. fail one call in five). */
  setFaultPlan(plan: FaultPlan | null): void {
    this.faults.plan = plan;
  }

  /** A working bot token of the workspace, as an install would give (for tests that arrange an installation). */
  issueToken(): string {
    const token = `xoxb-sandbox-${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, { teamId: this.teamId, revoked: false });
    this.persist();
    return token;
  }

  /** Every token of the workspace stops working (`token_revoked`), as when the app is removed. */
  revokeAll(): void {
    for (const token of this.tokens.values()) token.revoked = true;
    this.persist();
  }

  /** Keeps what must outlive a restart, when a state file was named. */
  private persist(port = this.url ? Number(new URL(this.url).port) : undefined): void {
    if (!this.options.stateFile) return;
    writeState(this.options.stateFile, {
      port,
      clientSecret: this.clientSecret,
      tokens: [...this.tokens.entries()],
      webhooks: [...this.webhooks.entries()],
      messages: this.messages,
      tsCounter: this.tsCounter,
    });
  }

  /** Messages posted (not webhooks) in a channel, oldest first. */
  messagesIn(channel: string): PostedMessage[] {
    return this.messages.filter((m) => m.channel === channel);
  }

  /**
   * What the consent page's Allow (or Cancel) does, for tests without a browser: the address the
   * user's browser is sent back to.
   */
  async decide(authorizeUrl: string, decision: 'allow' | 'deny', channel = this.channels[0].id): Promise<string> {
    const asked = new URL(authorizeUrl);
    const response = await fetch(`${this.url}/oauth/v2/authorize/decide`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        decision,
        channel,
        redirect_uri: asked.searchParams.get('redirect_uri') ?? '',
        state: asked.searchParams.get('state') ?? '',
      }).toString(),
    });
    return response.headers.get('location') ?? '';
  }

  async start(): Promise<void> {
    const app = Fastify({ logger: false });
    acceptSlackBodies(app);
    app.get<{ Querystring: Record<string, string> }>('/oauth/v2/authorize', async (request, reply) => {
      const { client_id: clientId, redirect_uri: redirectUri = '', state = '', scope = '' } = request.query;
      if (clientId !== this.clientId) return reply.code(400).type('text/plain').send('invalid_client_id');
      return reply
        .type('text/html')
        .send(authorizePage({ teamName: this.teamName, scope, redirectUri, state, channels: this.liveChannels() }));
    });
    app.post<{ Body: Record<string, string> }>('/oauth/v2/authorize/decide', async (request, reply) => {
      const { decision, channel = '', redirect_uri: redirectUri = '', state = '' } = request.body ?? {};
      const target = new URL(redirectUri);
      if (decision === 'allow') {
        const code = `sandbox-code-${randomBytes(12).toString('hex')}`;
        this.codes.set(code, { channel, redirectUri });
        target.searchParams.set('code', code);
      } else target.searchParams.set('error', 'access_denied');
      target.searchParams.set('state', state);
      return reply.redirect(target.toString(), 302);
    });
    app.post<{ Params: { method: string }; Body: Record<string, unknown> }>('/api/:method', async (request, reply) => {
      const body = request.body ?? {};
      const method = request.params.method;
      const fault = this.faults.take(method, body);
      const call: RecordedCall = {
        method,
        at: Date.now(),
        token: tokenOf(request.headers.authorization, body),
        body,
        fault,
      };
      this.calls.push(call);
      if (fault) return this.sendFault(reply, fault);
      const answer = this.answer(method, call.token, body);
      await this.beforeAnswer?.(call);
      return reply.send(answer);
    });
    app.post<{ Params: { id: string }; Body: Record<string, unknown> }>('/services/:id', async (request, reply) => {
      const hook = this.webhooks.get(request.params.id);
      const body = request.body ?? {};
      const fault = this.faults.take('incoming-webhook', body);
      this.calls.push({ method: 'incoming-webhook', at: Date.now(), token: '', body, fault });
      if (fault) return this.sendFault(reply, fault);
      if (!hook || this.tokens.get(hook.token)?.revoked) return reply.code(404).type('text/plain').send('no_service');
      this.record(hook.channel, body, null);
      return reply.type('text/plain').send('ok');
    });
    this.url = await this.listen(app);
    this.server = app;
  }

  /** The asked port, else the one of the last run when it is free, else any. */
  private async listen(app: FastifyInstance): Promise<string> {
    const previous = this.options.port ?? readState(this.options.stateFile)?.port;
    if (previous) {
      try {
        return await app.listen({ port: previous, host: '127.0.0.1' });
      } catch (error) {
        if (this.options.port || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
      }
    }
    const url = await app.listen({ port: 0, host: '127.0.0.1' });
    this.persist(Number(new URL(url).port));
    return url;
  }

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = null;
  }

  private liveChannels(): SandboxChannel[] {
    return this.channels.filter((c) => !c.isArchived);
  }

  private sendFault(reply: FastifyReply, fault: Fault) {
    if (fault.kind === 'rate_limited')
      return reply
        .code(429)
        .header('retry-after', String(fault.retryAfterSeconds))
        .send({ ok: false, error: 'ratelimited' });
    if (fault.kind === 'server_error') return reply.code(fault.status).send({ ok: false, error: 'fatal_error' });
    return reply.send({ ok: false, error: fault.error });
  }

  private answer(method: string, token: string, body: Record<string, unknown>): Record<string, unknown> {
    if (method === 'oauth.v2.access') return this.exchange(body);
    const owner = this.tokens.get(token);
    if (!owner) return { ok: false, error: token ? 'invalid_auth' : 'not_authed' };
    if (owner.revoked) return { ok: false, error: 'token_revoked' };
    switch (method) {
      case 'auth.test':
        return {
          ok: true,
          url: `${this.url}/`,
          team: this.teamName,
          user: 'tracemap',
          team_id: this.teamId,
          user_id: 'U0TRACEMAP',
          bot_id: 'B0TRACEMAP',
        };
      case 'auth.revoke':
        owner.revoked = true;
        this.persist();
        return { ok: true, revoked: true };
      case 'conversations.list':
        return {
          ok: true,
          channels: this.channels.map((c) => ({
            id: c.id,
            name: c.name,
            is_channel: true,
            is_archived: Boolean(c.isArchived),
            is_member: true,
          })),
          response_metadata: { next_cursor: '' },
        };
      case 'conversations.history':
        return this.history(body);
      case 'chat.postMessage':
        return this.post(body);
      case 'chat.update':
        return this.update(body);
      default:
        return { ok: false, error: 'unknown_method' };
    }
  }

  private exchange(body: Record<string, unknown>): Record<string, unknown> {
    if (stringField(body, 'client_id') !== this.clientId || stringField(body, 'client_secret') !== this.clientSecret)
      return { ok: false, error: 'invalid_client' };
    const code = this.codes.get(stringField(body, 'code'));
    if (!code) return { ok: false, error: 'invalid_code' };
    this.codes.delete(stringField(body, 'code'));
    if (body.redirect_uri !== undefined && body.redirect_uri !== code.redirectUri)
      return { ok: false, error: 'bad_redirect_uri' };
    const token = `xoxb-sandbox-${randomBytes(16).toString('hex')}`;
    this.tokens.set(token, { teamId: this.teamId, revoked: false });
    const hookId = randomBytes(12).toString('hex');
    this.webhooks.set(hookId, { channel: code.channel, token });
    this.persist();
    const channel = this.channels.find((c) => c.id === code.channel) ?? this.channels[0];
    return {
      ok: true,
      app_id: 'A0TRACEMAP',
      access_token: token,
      token_type: 'bot',
      scope: 'incoming-webhook,chat:write,chat:write.public,channels:read',
      bot_user_id: 'U0TRACEMAP',
      team: { id: this.teamId, name: this.teamName },
      enterprise: null,
      is_enterprise_install: false,
      incoming_webhook: {
        channel: `#${channel.name}`,
        channel_id: channel.id,
        configuration_url: `${this.url}/services/${hookId}/configure`,
        url: `${this.url}/services/${hookId}`,
      },
    };
  }

  private channelError(id: string): string | null {
    const channel = this.channels.find((c) => c.id === id || `#${c.name}` === id);
    if (!channel) return 'channel_not_found';
    if (channel.isArchived) return 'is_archived';
    return null;
  }

  private post(body: Record<string, unknown>): Record<string, unknown> {
    const channel = stringField(body, 'channel');
    const error = this.channelError(channel);
    if (error) return { ok: false, error };
    if (!stringField(body, 'text') && !body.blocks) return { ok: false, error: 'no_text' };
    const message = this.record(channel, body, stringField(body, 'thread_ts') || null);
    return { ok: true, channel, ts: message.ts, message: { text: message.text, ts: message.ts } };
  }

  private update(body: Record<string, unknown>): Record<string, unknown> {
    const channel = stringField(body, 'channel');
    const error = this.channelError(channel);
    if (error) return { ok: false, error };
    const message = this.messages.find((m) => m.channel === channel && m.ts === stringField(body, 'ts'));
    if (!message) return { ok: false, error: 'message_not_found' };
    message.updates.push({ text: stringField(body, 'text'), at: Date.now() });
    this.persist();
    return { ok: true, channel, ts: message.ts, text: stringField(body, 'text') };
  }

  private history(body: Record<string, unknown>): Record<string, unknown> {
    const channel = stringField(body, 'channel');
    const error = this.channelError(channel);
    if (error) return { ok: false, error };
    const oldest = Number(stringField(body, 'oldest') || '0');
    const withMetadata = String(body.include_all_metadata) === 'true';
    const messages = this.messagesIn(channel)
      .filter((m) => Number(m.ts) >= oldest)
      .reverse()
      .map((m) => ({
        type: 'message',
        ts: m.ts,
        text: m.text,
        ...(m.threadTs ? { thread_ts: m.threadTs } : {}),
        ...(withMetadata && m.metadata ? { metadata: m.metadata } : {}),
      }));
    return { ok: true, messages, has_more: false };
  }

  private record(channel: string, body: Record<string, unknown>, threadTs: string | null): PostedMessage {
    this.tsCounter += 1;
    const seconds = Math.floor(Date.now() / 1000);
    const message: PostedMessage = {
      channel,
      ts: `${seconds}.${String(this.tsCounter).padStart(6, '0')}`,
      threadTs,
      text: stringField(body, 'text'),
      blocks: jsonField(body.blocks) ?? null,
      metadata: jsonField(body.metadata) ?? null,
      at: Date.now(),
      updates: [],
    };
    this.messages.push(message);
    this.persist();
    return message;
  }
}

/** A stand-in on a free port (or the one given), started. */
export async function startSlackSandbox(options: SlackSandboxOptions = {}): Promise<SlackSandbox> {
  const sandbox = new SlackSandbox(options);
  await sandbox.start();
  return sandbox;
}

import { ErrorCode, LogLevel, WebClient, type Logger } from '@slack/web-api';
import type { IntegrationsConfig } from '../config';

/** How a Slack call ended, as the delivery worker and the install flow need to know it. */
export type SlackFailure =
  | { kind: 'rate_limited'; retryAfterMs: number }
  | { kind: 'transient'; reason: string }
  | { kind: 'channel'; error: string }
  | { kind: 'revoked'; error: string }
  | { kind: 'rejected'; error: string };

const CHANNEL_ERRORS = new Set(['channel_not_found', 'is_archived', 'not_in_channel']);
const REVOKED_ERRORS = new Set(['invalid_auth', 'token_revoked', 'account_inactive', 'not_authed', 'token_expired']);

/** The client's error, sorted: wait (429), retry (5xx, network), pause, revoke, or give up. */
export function classifySlackError(error: unknown): SlackFailure {
  const coded = error as { code?: string; retryAfter?: number; statusCode?: number; data?: { error?: string } };
  switch (coded?.code) {
    case ErrorCode.RateLimitedError:
      return { kind: 'rate_limited', retryAfterMs: Math.max(1, coded.retryAfter ?? 1) * 1000 };
    case ErrorCode.PlatformError: {
      const slackError = coded.data?.error ?? 'unknown_error';
      if (CHANNEL_ERRORS.has(slackError)) return { kind: 'channel', error: slackError };
      if (REVOKED_ERRORS.has(slackError)) return { kind: 'revoked', error: slackError };
      if (slackError === 'ratelimited') return { kind: 'rate_limited', retryAfterMs: 1000 };
      if (['internal_error', 'fatal_error', 'service_unavailable', 'request_timeout'].includes(slackError))
        return { kind: 'transient', reason: slackError };
      return { kind: 'rejected', error: slackError };
    }
    case ErrorCode.HTTPError:
      return coded.statusCode !== undefined && coded.statusCode >= 500
        ? { kind: 'transient', reason: `http_${coded.statusCode}` }
        : { kind: 'rejected', error: `http_${coded.statusCode ?? 'unknown'}` };
    default:
      return { kind: 'transient', reason: 'request_failed' };
  }
}

// The client's own logging could print request details; the service logs outcomes itself.
const quiet: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
  setLevel: () => undefined,
  getLevel: () => LogLevel.ERROR,
  setName: () => undefined,
};

export interface SlackMessage {
  channel: string;
  text: string;
  blocks: unknown[];
  threadTs?: string;
  /** Carried as message metadata, so a message whose answer was lost can be found again. */
  deliveryId: string;
}

/**
 * Slack's Web API through the official client, at the configured address (the local Slack
 * in tests and under `npm start`). The client never retries by itself: the outbox decides.
 */
export class SlackApi {
  constructor(private readonly config: IntegrationsConfig) {}

  client(token?: string): WebClient {
    return new WebClient(token, {
      slackApiUrl: this.config.SLACK_API_URL,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      logger: quiet,
      timeout: 10000,
    });
  }

  exchangeCode(code: string, redirectUri: string) {
    return this.client().oauth.v2.access({
      client_id: this.config.SLACK_CLIENT_ID ?? '',
      client_secret: this.config.SLACK_CLIENT_SECRET ?? '',
      code,
      redirect_uri: redirectUri,
    });
  }

  async post(token: string, message: SlackMessage): Promise<string> {
    const answer = await this.client(token).chat.postMessage({
      channel: message.channel,
      text: message.text,
      blocks: message.blocks as never,
      ...(message.threadTs ? { thread_ts: message.threadTs } : {}),
      metadata: { event_type: 'tracemap_delivery', event_payload: { delivery_id: message.deliveryId } },
    });
    return answer.ts ?? '';
  }

  /** The `ts` of a message this service already posted for a delivery, when Slack has it. */
  async findPosted(token: string, channel: string, deliveryId: string, oldest: Date): Promise<string | null> {
    const answer = await this.client(token).conversations.history({
      channel,
      oldest: String(Math.floor(oldest.getTime() / 1000) - 60),
      include_all_metadata: true,
      limit: 200,
    });
    const found = (answer.messages ?? []).find(
      (m) =>
        m.metadata?.event_type === 'tracemap_delivery' &&
        (m.metadata.event_payload as { delivery_id?: unknown } | undefined)?.delivery_id === deliveryId,
    );
    return found?.ts ?? null;
  }

  async revoke(token: string): Promise<void> {
    await this.client(token).auth.revoke();
  }
}

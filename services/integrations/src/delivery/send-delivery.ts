import type { NotificationBody } from '@tracemap/contracts';
import { tenantTransaction } from '../core/tenant';
import { acceptNotification } from '../notifications/accept-notification';
import { classifySlackError, type SlackFailure } from '../slack/slack-api';
import {
  drop,
  gatherDigest,
  loadWork,
  markAttempt,
  markSent,
  pauseSubscription,
  release,
  rememberThread,
  type Claimed,
  type DeliveryWork,
  type DigestItem,
} from './delivery-repository';
import type { WorkerDeps } from './delivery-worker';

export interface SendOutcome {
  /** Slack was called (the channel's spacing starts again). */
  called: boolean;
  /** Slack asked to wait (429): no call to this channel before then. */
  holdChannelUntil?: number;
  /** Slack refused the token: the installation is to be marked revoked. */
  revoked?: boolean;
}

const MAX_BACKOFF_MS = 5 * 60 * 1000;
/** How long a message waits for an earlier message of its thread before looking again. */
const THREAD_WAIT_MS = 250;

export function backoffMs(attempts: number, baseMs: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempts - 1));
}

/**
 * One claimed message: skipped when its installation or subscription stopped, held back while
 * an earlier message of its thread is unsent (so a thread keeps its order across retries), looked up first when an earlier claim may have
 * posted it (a crash after Slack answered), then posted — threaded under the subject's first
 * message when there is one, or, for a digest subscription, as one message with every due row
 * of that subscription — and settled by Slack's answer.
 */
export async function sendDelivery(
  deps: WorkerDeps,
  claim: Claimed,
  options: {
    render: (work: Pick<NotificationBody, 'kind' | 'payload'>) => { text: string; blocks: unknown[] };
    renderDigest: (items: DigestItem[]) => { text: string; blocks: unknown[] };
  },
): Promise<SendOutcome> {
  const tenant = <T>(work: Parameters<typeof tenantTransaction<T>>[2]) =>
    tenantTransaction<T>(deps.db, claim.company_id, work);
  const work = await tenant((client) => loadWork(client, claim));
  if (!work) return { called: false };
  if (work.installation_status !== 'connected' || !work.bot_token || !deps.secrets) {
    await tenant((client) => drop(client, claim, 'not connected'));
    return { called: false };
  }
  if (work.paused_reason) {
    await tenant((client) => drop(client, claim, `paused: ${work.paused_reason}`));
    return { called: false };
  }
  // A thread reads in the order things happened: a later message waits while an earlier one
  // (its first, or one Slack refused for now) is unsettled, and looks again when that one may go.
  if (!work.digest && work.earlier_due_at) {
    const again = Math.max(Date.now() + THREAD_WAIT_MS, work.earlier_due_at.getTime());
    await tenant((client) => release(client, claim, new Date(again), null));
    return { called: false };
  }
  const token = deps.secrets.open(work.bot_token, `slack-token:${claim.company_id}`);
  // A digest is one message for the subscription's due rows; it starts no thread and joins none.
  const digest = await tenant(async (client) => {
    await markAttempt(client, claim);
    return work.digest ? gatherDigest(client, claim, work.subscription_id) : null;
  });
  const settle = (ts: string) =>
    tenant(async (client) => {
      await markSent(client, claim, ts);
      if (!digest) await rememberThread(client, claim, work.thread_key, ts);
    });
  try {
    if (claim.uncertain) {
      const found = await deps.slack.findPosted(token, claim.channel_id, claim.delivery_id, work.created_at);
      if (found) {
        await settle(found);
        return { called: true };
      }
    }
    const message = digest ? options.renderDigest(digest) : options.render(work);
    const ts = await deps.slack.post(token, {
      channel: claim.channel_id,
      text: message.text,
      blocks: message.blocks,
      threadTs: digest ? undefined : (work.thread_ts ?? undefined),
      deliveryId: claim.delivery_id,
    });
    await settle(ts);
    return { called: true };
  } catch (error) {
    return settleFailure(deps, claim, work, classifySlackError(error));
  }
}

async function settleFailure(
  deps: WorkerDeps,
  claim: Claimed,
  work: DeliveryWork,
  failure: SlackFailure,
): Promise<SendOutcome> {
  const log = { companyId: claim.company_id, channel: claim.channel_id, deliveryId: claim.delivery_id, failure };
  const tenant = (fn: Parameters<typeof tenantTransaction<void>>[2]) =>
    tenantTransaction<void>(deps.db, claim.company_id, fn);
  switch (failure.kind) {
    case 'rate_limited': {
      // Slack's wait is not the message's fault: it does not count against its attempts.
      const until = Date.now() + failure.retryAfterMs;
      await tenant((client) => release(client, claim, new Date(until), { error: 'rate_limited', attempted: false }));
      return { called: true, holdChannelUntil: until };
    }
    case 'transient': {
      const attempts = work.attempts + 1;
      if (attempts >= deps.config.SLACK_DELIVERY_MAX_ATTEMPTS) {
        deps.log.error(log, 'slack message dropped after its last attempt');
        await tenant((client) => drop(client, claim, failure.reason));
      } else {
        const at = new Date(Date.now() + backoffMs(attempts, deps.config.SLACK_DELIVERY_BACKOFF_MS));
        await tenant((client) => release(client, claim, at, { error: failure.reason, attempted: true }));
      }
      return { called: true };
    }
    case 'channel':
      deps.log.warn(log, 'slack channel refused the message: subscription paused');
      await tenant(async (client) => {
        await drop(client, claim, failure.error);
        if (work.subscription_id) await pauseSubscription(client, work.subscription_id, failure.error);
      });
      // The service's own failure, told to the company's other channels (the paused one gets nothing).
      if (work.subscription_id)
        await acceptNotification(deps, {
          companyId: claim.company_id,
          kind: 'integration_failed',
          subject: `subscription:${work.subscription_id}`,
          dedupeKey: `paused:${work.subscription_id}:${claim.delivery_id}`,
          payload: {
            title: 'Slack notifications to a channel are paused',
            text: `Slack answered ${failure.error} for channel ${claim.channel_id}. Invite the app or choose another channel, then save its subscription.`,
            link: '/company/slack',
            severity: 'warning',
          },
        });
      return { called: true };
    case 'revoked':
      await tenant((client) => drop(client, claim, failure.error));
      return { called: true, revoked: true };
    case 'rejected':
      deps.log.error(log, 'slack rejected the message');
      await tenant((client) => drop(client, claim, failure.error));
      return { called: true };
  }
}

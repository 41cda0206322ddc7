import { roleTransaction, roleSettingsStatement } from '@tracemap/service-kit';
import { PolledRounds } from '../core/polled-rounds';
import { APP_ROLE, tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { renderDigest, renderMessage } from '../notifications/render-message';
import { markRevoked } from '../slack/installation-repository';
import { sendDelivery } from './send-delivery';
import type { Claimed } from './delivery-repository';
import { finishTurn } from './delivery-repository';

const BATCH = 50;

export type WorkerDeps = Omit<IntegrationsDeps, 'delivery' | 'sync'>;

/**
 * Posts the outbox's messages to Slack: claimed with a lease, one message per channel at a time,
 * the next call to a channel no sooner than SLACK_CHANNEL_INTERVAL_MS after Slack answered the
 * last one (or as long as a 429 says). The channel's turn lives in the database, so the rule
 * holds across restarts and replicas. One round runs at a time; between rounds it sleeps until
 * the next message is due, the poll interval, or a wake-up from a new notification.
 */
export class DeliveryWorker {
  private readonly rounds: PolledRounds;

  constructor(private readonly deps: WorkerDeps) {
    this.rounds = new PolledRounds({
      name: 'slack delivery',
      pollMs: deps.config.SLACK_DELIVERY_POLL_MS,
      log: deps.log,
      round: () => this.runRound(),
    });
  }

  start(): void {
    this.rounds.start();
  }

  stop(): Promise<void> {
    return this.rounds.stop();
  }

  /** A notification was queued: look now rather than at the next poll. */
  wake(): void {
    this.rounds.wake();
  }

  /** Runs rounds until nothing is due now (tests and scripts). */
  drain(): Promise<void> {
    return this.rounds.drain();
  }

  /** One round; answers when the next row is due (ms epoch), or null when none is queued. */
  private async runRound(): Promise<number | null> {
    const claimed = await this.claim();
    await Promise.all(claimed.map((claim) => this.send(claim)));
    return this.nextDue();
  }

  /** One claimed message, then the channel's turn handed back whatever happened. */
  private async send(claim: Claimed): Promise<void> {
    let outcome: Awaited<ReturnType<typeof sendDelivery>> = { called: true };
    try {
      outcome = await sendDelivery(this.deps, claim, {
        render: (work) => renderMessage(work, this.deps.config.PUBLIC_URL),
        renderDigest: (items) => renderDigest(items, this.deps.config.PUBLIC_URL),
      });
    } finally {
      // After a failure of our own (the database, say) the turn is spaced as if Slack was called.
      await tenantTransaction(this.deps.db, claim.company_id, (client) =>
        finishTurn(client, claim, {
          called: outcome.called,
          spacingMs: this.deps.config.SLACK_CHANNEL_INTERVAL_MS,
          holdUntil: outcome.holdChannelUntil,
        }),
      );
    }
    if (outcome.revoked) {
      const revoked = await tenantTransaction(this.deps.db, claim.company_id, (client) =>
        markRevoked(client, claim.company_id),
      );
      if (revoked) this.deps.log.warn({ companyId: claim.company_id }, 'slack installation revoked by slack');
    }
  }

  private claim(): Promise<Claimed[]> {
    return roleTransaction(this.deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
      const { rows } = await client.query<Claimed>(
        `SELECT delivery_id, company_id, channel_id, lease_token, uncertain
           FROM integrations.claim_deliveries($1, $2)`,
        [BATCH, Math.ceil(this.deps.config.SLACK_DELIVERY_LEASE_MS / 1000)],
      );
      return rows;
    });
  }

  private async nextDue(): Promise<number | null> {
    return roleTransaction(this.deps.db, roleSettingsStatement(APP_ROLE, {}), async (client) => {
      const { rows } = await client.query<{ at: Date | null }>(`SELECT integrations.next_delivery_at() AS at`);
      return rows[0]?.at?.getTime() ?? null;
    });
  }
}

import type pg from 'pg';
import type { NotificationBody } from '@tracemap/contracts';

export interface Claimed {
  delivery_id: string;
  company_id: string;
  channel_id: string;
  lease_token: string;
  uncertain: boolean;
}

export interface DeliveryWork {
  id: string;
  subscription_id: string | null;
  thread_key: string;
  created_at: Date;
  kind: NotificationBody['kind'];
  payload: NotificationBody['payload'];
  attempts: number;
  paused_reason: string | null;
  installation_status: string | null;
  bot_token: string | null;
  thread_ts: string | null;
  /**
   * An earlier message about the same subject to this channel is not settled yet: when it may
   * go (null when there is none). Messages of one thread go out in the order they were made.
   */
  earlier_due_at: Date | null;
  /** From a digest subscription: goes out together with the subscription's other due rows. */
  digest: boolean;
}

/** One notification riding in a digest message. */
export interface DigestItem {
  id: string;
  kind: NotificationBody['kind'];
  payload: NotificationBody['payload'];
}

/** Everything one delivery needs, read as its tenant; null when the lease is no longer ours. */
export async function loadWork(client: pg.PoolClient, claim: Claimed): Promise<DeliveryWork | null> {
  const { rows } = await client.query<DeliveryWork>(
    `SELECT d.id, d.subscription_id, d.thread_key, d.created_at, d.attempts, d.digest, n.kind, n.payload,
            s.paused_reason, i.status AS installation_status, i.bot_token, t.ts AS thread_ts,
            (SELECT max(e.not_before) FROM integrations.slack_deliveries e
              WHERE e.company_id = d.company_id AND e.channel_id = d.channel_id AND e.thread_key = d.thread_key
                AND NOT e.digest AND e.status IN ('pending', 'sending')
                AND (e.created_at, e.id) < (d.created_at, d.id)) AS earlier_due_at
       FROM integrations.slack_deliveries d
       JOIN integrations.notifications n ON n.id = d.notification_id
       LEFT JOIN integrations.slack_subscriptions s ON s.id = d.subscription_id
       LEFT JOIN integrations.slack_installations i ON i.company_id = d.company_id
       LEFT JOIN integrations.slack_threads t
              ON t.company_id = d.company_id AND t.channel_id = d.channel_id AND t.thread_key = d.thread_key
      WHERE d.id = $1 AND d.lease_token = $2 AND d.status = 'sending'`,
    [claim.delivery_id, claim.lease_token],
  );
  return rows[0] ?? null;
}

/** Marks the call about to be made (kept on the row: when it was last tried). */
export async function markAttempt(client: pg.PoolClient, claim: Claimed): Promise<void> {
  await client.query(
    `UPDATE integrations.slack_deliveries SET attempted_at = now() WHERE id = $1 AND lease_token = $2`,
    [claim.delivery_id, claim.lease_token],
  );
}

export async function markSent(client: pg.PoolClient, claim: Claimed, ts: string): Promise<void> {
  await client.query(
    `UPDATE integrations.slack_deliveries
        SET status = 'sent', ts = $3, sent_at = now(), attempts = attempts + 1, lease_until = NULL, last_error = NULL
      WHERE id = $1 AND lease_token = $2`,
    [claim.delivery_id, claim.lease_token, ts],
  );
  await client.query(
    `UPDATE integrations.slack_deliveries
        SET status = 'sent', ts = $2, sent_at = now(), lease_until = NULL, lease_token = NULL, last_error = NULL
      WHERE digest_of = $1 AND status = 'sending'`,
    [claim.delivery_id, ts],
  );
}

/** The first message about a subject in a channel: later ones thread under it. */
export async function rememberThread(client: pg.PoolClient, claim: Claimed, threadKey: string, ts: string) {
  await client.query(
    `INSERT INTO integrations.slack_threads (company_id, channel_id, thread_key, ts) VALUES ($1, $2, $3, $4)
     ON CONFLICT DO NOTHING`,
    [claim.company_id, claim.channel_id, threadKey, ts],
  );
}

/** Back to the queue, to be tried at `notBefore`; `attempted` counts the call against the limit. */
export async function release(
  client: pg.PoolClient,
  claim: Claimed,
  notBefore: Date,
  failure: { error: string; attempted: boolean } | null,
): Promise<void> {
  await client.query(
    `UPDATE integrations.slack_deliveries
        SET status = 'pending', not_before = $3, lease_until = NULL, lease_token = NULL,
            attempts = attempts + $4, last_error = coalesce($5, last_error)
      WHERE id = $1 AND lease_token = $2`,
    [claim.delivery_id, claim.lease_token, notBefore, failure?.attempted ? 1 : 0, failure?.error ?? null],
  );
  // A digest's riders wait again on their own, to be gathered by whichever row goes next.
  await client.query(
    `UPDATE integrations.slack_deliveries
        SET status = 'pending', digest_of = NULL, lease_until = NULL, lease_token = NULL
      WHERE digest_of = $1 AND status = 'sending'`,
    [claim.delivery_id],
  );
}

export async function drop(client: pg.PoolClient, claim: Claimed, reason: string): Promise<void> {
  await client.query(
    `UPDATE integrations.slack_deliveries
        SET status = 'dropped', last_error = $3, lease_until = NULL, attempts = attempts + 1
      WHERE id = $1 AND lease_token = $2`,
    [claim.delivery_id, claim.lease_token, reason],
  );
  await client.query(
    `UPDATE integrations.slack_deliveries SET status = 'dropped', last_error = $2, lease_until = NULL
      WHERE digest_of = $1 AND status = 'sending'`,
    [claim.delivery_id, reason],
  );
}

/** A channel error: the subscription stops (the Slack page shows why) and its queue is dropped. */
export async function pauseSubscription(client: pg.PoolClient, subscriptionId: string, reason: string): Promise<void> {
  await client.query(`UPDATE integrations.slack_subscriptions SET paused_reason = $2 WHERE id = $1`, [
    subscriptionId,
    reason,
  ]);
  await client.query(
    `UPDATE integrations.slack_deliveries SET status = 'dropped', last_error = $2, lease_until = NULL
      WHERE subscription_id = $1 AND status = 'pending'`,
    [subscriptionId, `paused: ${reason}`],
  );
}

/**
 * A digest row's company-mates: the rows already riding with it (an earlier try that did not
 * settle) and every other due, unclaimed digest row of the same subscription and channel,
 * which now ride with it. Oldest first, the claimed row included.
 */
export async function gatherDigest(client: pg.PoolClient, claim: Claimed, subscriptionId: string | null) {
  await client.query(
    `UPDATE integrations.slack_deliveries d
        SET status = 'sending', digest_of = $1, lease_until = c.lease_until, lease_token = c.lease_token
       FROM integrations.slack_deliveries c
      WHERE c.id = $1 AND d.company_id = c.company_id AND d.channel_id = c.channel_id
        AND d.subscription_id IS NOT DISTINCT FROM $2 AND d.id <> c.id
        AND d.digest AND d.status = 'pending' AND d.digest_of IS NULL AND d.not_before <= now()`,
    [claim.delivery_id, subscriptionId],
  );
  const { rows } = await client.query<DigestItem>(
    `SELECT d.id, n.kind, n.payload FROM integrations.slack_deliveries d
       JOIN integrations.notifications n ON n.id = d.notification_id
      WHERE d.id = $1 OR (d.digest_of = $1 AND d.status = 'sending')
      ORDER BY d.created_at, d.id`,
    [claim.delivery_id],
  );
  return rows;
}

/**
 * Gives the channel's turn back once Slack answered: the next call may start `spacingMs` from
 * now, or later when Slack asked to wait. When Slack was not called, the turn is free at once.
 */
export async function finishTurn(
  client: pg.PoolClient,
  claim: Claimed,
  turn: { called: boolean; spacingMs: number; holdUntil?: number },
): Promise<void> {
  await client.query(
    `UPDATE integrations.slack_channel_turns
        SET next_at = CASE WHEN $3 THEN greatest(clock_timestamp() + make_interval(secs => $4::double precision / 1000),
                                                   coalesce(to_timestamp($5::double precision / 1000), '-infinity'))
                           ELSE clock_timestamp() END
      WHERE company_id = $1 AND channel_id = $2`,
    [claim.company_id, claim.channel_id, turn.called, turn.spacingMs, turn.holdUntil ?? null],
  );
}

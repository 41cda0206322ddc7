import { randomUUID } from 'node:crypto';
import type {
  CreateSlackSubscriptionBody,
  SlackSubscription,
  SlackSubscriptionList,
  UpdateSlackSubscriptionBody,
} from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { ERRORS } from '../core/errors';
import { tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { findSubscription, listSubscriptions } from './subscription-repository';

// The four use cases of per-channel subscriptions; each is a few lines over the repository.

export async function listChannelSubscriptions(
  deps: IntegrationsDeps,
  actor: CompanyActor,
): Promise<SlackSubscriptionList> {
  return { items: await tenantTransaction(deps.db, actor.companyId, (c) => listSubscriptions(c, actor.companyId)) };
}

export async function createSubscription(
  deps: IntegrationsDeps,
  actor: CompanyActor,
  body: CreateSlackSubscriptionBody,
): Promise<SlackSubscription> {
  return tenantTransaction(deps.db, actor.companyId, async (client) => {
    const id = randomUUID();
    const inserted = await client.query(
      `INSERT INTO integrations.slack_subscriptions
         (id, company_id, channel_id, channel_name, kinds, tags, categories, min_severity, mode, quiet_start, quiet_end)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (company_id, channel_id) DO NOTHING`,
      [
        id,
        actor.companyId,
        body.channelId,
        body.channelName,
        body.kinds,
        body.tags ?? [],
        body.categories ?? [],
        body.minSeverity ?? 'info',
        body.mode ?? 'immediate',
        body.quietHours?.start ?? null,
        body.quietHours?.end ?? null,
      ],
    );
    if (inserted.rowCount === 0) throw ERRORS.channelTaken();
    return (await findSubscription(client, actor.companyId, id))!;
  });
}

/** Any change also resumes a paused subscription (the admin fixed the channel). */
export async function updateSubscription(
  deps: IntegrationsDeps,
  actor: CompanyActor,
  id: string,
  body: UpdateSlackSubscriptionBody,
): Promise<SlackSubscription> {
  return tenantTransaction(deps.db, actor.companyId, async (client) => {
    const current = await findSubscription(client, actor.companyId, id);
    if (!current) throw ERRORS.subscriptionNotFound();
    const quiet = body.quietHours === undefined ? current.quietHours : body.quietHours;
    await client.query(
      `UPDATE integrations.slack_subscriptions
          SET kinds = $3, tags = $4, categories = $5, min_severity = $6, mode = $7, quiet_start = $8, quiet_end = $9,
              paused_reason = NULL
        WHERE company_id = $1 AND id = $2`,
      [
        actor.companyId,
        id,
        body.kinds ?? current.kinds,
        body.tags ?? current.tags,
        body.categories ?? current.categories,
        body.minSeverity ?? current.minSeverity,
        body.mode ?? current.mode,
        quiet?.start ?? null,
        quiet?.end ?? null,
      ],
    );
    return (await findSubscription(client, actor.companyId, id))!;
  });
}

export async function deleteSubscription(deps: IntegrationsDeps, actor: CompanyActor, id: string): Promise<void> {
  await tenantTransaction(deps.db, actor.companyId, async (client) => {
    await client.query(
      `UPDATE integrations.slack_deliveries SET status = 'dropped', last_error = 'unsubscribed'
        WHERE company_id = $1 AND subscription_id = $2 AND status = 'pending'`,
      [actor.companyId, id],
    );
    const { rowCount } = await client.query(
      `DELETE FROM integrations.slack_subscriptions WHERE company_id = $1 AND id = $2`,
      [actor.companyId, id],
    );
    if (rowCount === 0) throw ERRORS.subscriptionNotFound();
  });
}

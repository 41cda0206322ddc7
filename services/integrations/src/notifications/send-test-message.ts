import { randomUUID } from 'node:crypto';
import type { SlackTestMessageAnswer } from '@tracemap/contracts';
import type { CompanyActor } from '../core/company-access';
import { ERRORS } from '../core/errors';
import { tenantTransaction } from '../core/tenant';
import type { IntegrationsDeps } from '../deps';
import { findInstallation } from '../slack/installation-repository';
import { acceptNotification } from './accept-notification';

/** "Send test message": one message to every active subscription's channel, through the outbox. */
export async function sendTestMessage(deps: IntegrationsDeps, actor: CompanyActor): Promise<SlackTestMessageAnswer> {
  const installation = await tenantTransaction(deps.db, actor.companyId, (client) =>
    findInstallation(client, actor.companyId),
  );
  if (installation?.status !== 'connected') throw ERRORS.notConnected();
  const id = randomUUID();
  const outcome = await acceptNotification(deps, {
    companyId: actor.companyId,
    kind: 'test_message',
    subject: `test:${id}`,
    dedupeKey: `test:${id}`,
    payload: { title: 'Test message from Tracemap', text: 'Slack is connected: notifications arrive here.' },
  });
  return { queued: outcome.deliveries };
}

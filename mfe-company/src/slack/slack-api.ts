import type {
  SlackInstallationStatus,
  SlackInstallUrl,
  SlackSubscription,
  SlackSubscriptionList,
  SlackTestMessageAnswer,
  UpdateSlackSubscriptionBody,
} from '@tracemap/contracts';
import { authedFetch } from '@tracemap/shell-core';

const slackPath = (companyId: string, rest = '') => `/api/integrations/${encodeURIComponent(companyId)}/slack${rest}`;

export function getSlackStatus(companyId: string, signal?: AbortSignal): Promise<SlackInstallationStatus> {
  return authedFetch(slackPath(companyId), { signal });
}

/** Also sets the HttpOnly cookie that binds the install to this browser. */
export function createInstallUrl(companyId: string): Promise<SlackInstallUrl> {
  return authedFetch(slackPath(companyId, '/install-url'), { method: 'POST' });
}

export function disconnectSlack(companyId: string): Promise<void> {
  return authedFetch(slackPath(companyId), { method: 'DELETE' });
}

export function sendSlackTestMessage(companyId: string): Promise<SlackTestMessageAnswer> {
  return authedFetch(slackPath(companyId, '/test-message'), { method: 'POST' });
}

export function listSlackSubscriptions(companyId: string, signal?: AbortSignal): Promise<SlackSubscriptionList> {
  return authedFetch(slackPath(companyId, '/subscriptions'), { signal });
}

/** Saving also resumes a paused subscription. */
export function updateSlackSubscription(
  companyId: string,
  id: string,
  body: UpdateSlackSubscriptionBody,
): Promise<SlackSubscription> {
  return authedFetch(slackPath(companyId, `/subscriptions/${encodeURIComponent(id)}`), { method: 'PATCH', body });
}

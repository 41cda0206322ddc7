import type { SubscriptionStatus } from '@tracemap/shell-core/subscription';
import { formatDate } from './format';

export interface BadgeSubscription {
  status: SubscriptionStatus;
  trialEnd: string | null;
  currentPeriodEnd: string | null;
}

type Tone = 'ok' | 'info' | 'warning' | 'danger';

/** What the badge says for a subscription (null: the company has none). */
export function statusLabel(subscription: BadgeSubscription | null): { text: string; tone: Tone } {
  switch (subscription?.status ?? null) {
    case 'trialing':
      return {
        text: `Trial — ends ${formatDate(subscription!.trialEnd ?? subscription!.currentPeriodEnd)}`,
        tone: 'info',
      };
    case 'active':
      return { text: 'Active', tone: 'ok' };
    case 'canceled':
      return { text: `Canceled — ends ${formatDate(subscription!.currentPeriodEnd)}`, tone: 'warning' };
    case 'past_due':
      return { text: 'Past due — update your card', tone: 'danger' };
    case 'terminated':
      return { text: 'Terminated — choose a plan', tone: 'danger' };
    default:
      return { text: 'No subscription — choose a plan', tone: 'danger' };
  }
}

export function SubscriptionStatusBadge({ subscription }: { subscription: BadgeSubscription | null }) {
  const { text, tone } = statusLabel(subscription);
  return (
    <span
      className={`bi-badge bi-badge--${tone}`}
      data-testid="subscription-status"
      data-status={subscription?.status ?? 'none'}
    >
      {text}
    </span>
  );
}

import type { SubscriptionDetails } from '@tracemap/shell-core/subscription';
import { Button } from '@tracemap/ui';
import { formatDate, formatExpiry, formatMoney } from '../format';
import { SubscriptionStatusBadge } from '../subscription-status-badge';

export interface CurrentPlanProps {
  subscription: SubscriptionDetails | null;
  /** Currency of the catalogue; the upcoming invoice amount carries none of its own. */
  currency: string;
  canManage: boolean;
  busy: boolean;
  onUpdateCard: () => void;
  onCancel: () => void;
  onResume: () => void;
}

function CardFact({ subscription }: { subscription: SubscriptionDetails | null }) {
  const card = subscription?.card;
  if (!card) return <dd data-testid="subscription-card">No card on file</dd>;
  return (
    <dd data-testid="subscription-card" data-last4={card.last4}>
      {card.brand.charAt(0).toUpperCase() + card.brand.slice(1)} ···· {card.last4}, expires{' '}
      {formatExpiry(card.expMonth, card.expYear)}
    </dd>
  );
}

/** The plan the company is on now, what comes next, the card, and the actions its state allows. */
export function CurrentPlan({
  subscription,
  currency,
  canManage,
  busy,
  onUpdateCard,
  onCancel,
  onResume,
}: CurrentPlanProps) {
  const status = subscription?.status ?? null;
  const upcoming = subscription?.upcomingInvoice ?? null;
  // A trial ends on its own: canceling is for a subscription that would renew and charge.
  const ending = status === 'canceled' || subscription?.cancelAtPeriodEnd === true;
  const canCancel =
    !ending && (status === 'active' || status === 'past_due' || (status === 'trialing' && subscription?.card != null));
  const hasSubscription = status !== null && status !== 'terminated';
  return (
    <div className="co-card" data-testid="subscription-current">
      <p className="co-actions">
        <strong data-testid="subscription-plan-name">{subscription?.planName ?? 'No plan'}</strong>
        <SubscriptionStatusBadge subscription={subscription} />
      </p>
      {status === 'trialing' && !subscription?.card ? (
        <p className="co-muted" data-testid="subscription-trial-note">
          The trial has no card. Choose a plan before it ends to keep editing the plan afterwards.
        </p>
      ) : null}
      {status === 'past_due' ? (
        <p className="co-error" data-testid="subscription-past-due">
          The last payment failed. Update the card; the provider retries the payment with the new card.
        </p>
      ) : null}
      {hasSubscription ? (
        <dl className="bi-facts">
          <div>
            <dt>
              {status === 'canceled' ? 'Access ends' : status === 'trialing' ? 'Trial ends' : 'Current period ends'}
            </dt>
            <dd data-testid="subscription-period-end">
              {formatDate(
                status === 'trialing'
                  ? (subscription?.trialEnd ?? subscription?.currentPeriodEnd)
                  : subscription?.currentPeriodEnd,
              )}
            </dd>
          </div>
          <div>
            <dt>Next invoice</dt>
            <dd data-testid="subscription-next-invoice">
              {upcoming
                ? `${formatMoney(upcoming.amount, currency)} on ${formatDate(upcoming.date)}`
                : 'None scheduled'}
            </dd>
          </div>
          <div>
            <dt>Payment card</dt>
            <CardFact subscription={subscription} />
          </div>
        </dl>
      ) : (
        <p className="co-muted">Choose a plan below to subscribe. Until then the plan can be read but not edited.</p>
      )}
      {canManage && hasSubscription ? (
        <div className="co-actions">
          <Button variant="ghost" disabled={busy} onClick={onUpdateCard} data-testid="subscription-update-card">
            {subscription?.card ? 'Update card' : 'Add card'}
          </Button>
          {ending ? (
            <Button disabled={busy} onClick={onResume} data-testid="subscription-resume">
              Resume subscription
            </Button>
          ) : null}
          {canCancel ? (
            <Button
              variant="ghost"
              className="co-btn-danger"
              disabled={busy}
              onClick={onCancel}
              data-testid="subscription-cancel"
            >
              Cancel subscription
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

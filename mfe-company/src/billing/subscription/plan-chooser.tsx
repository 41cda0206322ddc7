import { useRef, useState } from 'react';
import {
  isNonTrial,
  previewSubscriptionChange,
  updateSubscription,
  type Plan,
  type SubscriptionDetails,
  type SubscriptionPreview,
  type SubscriptionUpdateAnswer,
} from '@tracemap/shell-core/subscription';
import { Button } from '@tracemap/ui';
import { ApiErrorMessage } from '../../components/api-error';
import { formatMoney } from '../format';
import { PlanCards } from '../plan-cards';
import { ProrationPreview } from '../proration-preview';
import { useAction } from '../../hooks/use-action';
import type { Loaded } from './use-subscription-data';

export interface PlanChooserProps {
  companyId: string;
  plans: Loaded<Plan[]>;
  subscription: SubscriptionDetails | null;
  canManage: boolean;
  /** The plan changed in place (no checkout was needed). */
  onChanged: (answer: SubscriptionUpdateAnswer, plan: Plan) => void;
  /** Where the browser goes for a checkout; replaced in tests. */
  navigate?: (url: string) => void;
}

type PreviewState =
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; preview: SubscriptionPreview }
  | { status: 'failed'; error: unknown };

/**
 * The catalogue with a Choose button per plan. A paid subscription changes in place after a
 * prorated preview; a trial or an ended subscription goes to the provider's checkout page,
 * where the card is entered (it never passes through Tracemap).
 */
export function PlanChooser({
  companyId,
  plans,
  subscription,
  canManage,
  onChanged,
  navigate = (url) => window.location.assign(url),
}: PlanChooserProps) {
  const status = subscription?.status ?? null;
  const paid = isNonTrial(status);
  const currentPriceId = paid ? (subscription?.priceId ?? null) : null;
  const [selected, setSelected] = useState<Plan | null>(null);
  const [preview, setPreview] = useState<PreviewState>({ status: 'none' });
  const [leaving, setLeaving] = useState(false);
  const { busy, error, run, clearError } = useAction();
  // Only the answer for the plan picked last may be shown.
  const latest = useRef(0);

  async function choose(plan: Plan) {
    clearError();
    setSelected(plan);
    if (!paid) {
      setPreview({ status: 'none' });
      return;
    }
    const ticket = ++latest.current;
    setPreview({ status: 'loading' });
    try {
      const answer = await previewSubscriptionChange(companyId, plan.priceId);
      if (ticket === latest.current) setPreview({ status: 'ready', preview: answer });
    } catch (err) {
      if (ticket === latest.current) setPreview({ status: 'failed', error: err });
    }
  }

  async function confirm() {
    if (!selected) return;
    const answer = await run(() => updateSubscription(companyId, selected.priceId));
    if (!answer) return;
    if (answer.checkoutUrl) {
      setLeaving(true);
      navigate(answer.checkoutUrl);
      return;
    }
    setSelected(null);
    setPreview({ status: 'none' });
    onChanged(answer, selected);
  }

  if (plans.error) return <ApiErrorMessage error={plans.error} testId="plans-error" />;
  if (!plans.value) {
    return (
      <p className="co-muted" aria-busy="true">
        Loading plans…
      </p>
    );
  }
  if (plans.value.length === 0) return <p className="co-muted">No plans are available right now.</p>;

  return (
    <div data-testid="plan-chooser">
      <PlanCards
        plans={plans.value}
        currentPriceId={currentPriceId}
        selectedPriceId={selected?.priceId ?? null}
        onChoose={canManage ? (plan) => void choose(plan) : undefined}
        busy={busy || leaving}
      />
      {canManage && selected ? (
        <div className="co-card" data-testid="plan-change" data-price-id={selected.priceId}>
          <h3 style={{ marginTop: 0 }}>{paid ? `Change to ${selected.name}` : `Subscribe to ${selected.name}`}</h3>
          {paid ? (
            preview.status === 'loading' ? (
              <p className="co-muted" aria-busy="true">
                Calculating the prorated amount…
              </p>
            ) : preview.status === 'failed' ? (
              <ApiErrorMessage error={preview.error} testId="preview-error" />
            ) : preview.status === 'ready' ? (
              <ProrationPreview preview={preview.preview} />
            ) : null
          ) : (
            <p data-testid="plan-checkout-note">
              {formatMoney(selected.amount, selected.currency)} per month. You enter the card on the payment
              provider&apos;s secure page.
            </p>
          )}
          <ApiErrorMessage error={error} testId="plan-change-error" />
          <div className="co-actions">
            <Button
              disabled={busy || leaving || (paid && preview.status !== 'ready')}
              onClick={() => void confirm()}
              data-testid="plan-confirm"
            >
              {leaving
                ? 'Opening the payment page…'
                : busy
                  ? 'Working…'
                  : paid
                    ? 'Confirm change'
                    : 'Continue to payment'}
            </Button>
            <Button
              variant="ghost"
              disabled={busy || leaving}
              onClick={() => {
                setSelected(null);
                setPreview({ status: 'none' });
                clearError();
              }}
              data-testid="plan-change-dismiss"
            >
              Back
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

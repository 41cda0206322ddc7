import type { Plan } from '@tracemap/shell-core/subscription';
import { Button } from '@tracemap/ui';
import { formatMoney } from './format';

export interface PlanCardsProps {
  plans: Plan[];
  /** The plan the company pays for now; it cannot be chosen again. null during a trial or without a subscription. */
  currentPriceId: string | null;
  selectedPriceId: string | null;
  /** Without it the catalogue is shown read-only (no buttons). */
  onChoose?: (plan: Plan) => void;
  busy?: boolean;
}

/** The plan catalogue as cards: price per month, features (which already name the plan's limits), and a Choose button where allowed. */
export function PlanCards({ plans, currentPriceId, selectedPriceId, onChoose, busy }: PlanCardsProps) {
  return (
    <div className="bi-plans" data-testid="plan-cards">
      {plans.map((plan) => {
        const current = plan.priceId === currentPriceId;
        return (
          <article
            key={plan.priceId}
            className="bi-plan"
            data-testid="plan-card"
            data-price-id={plan.priceId}
            data-current={current}
            data-selected={plan.priceId === selectedPriceId}
          >
            <h3>{plan.name}</h3>
            <div className="bi-price">
              {formatMoney(plan.amount, plan.currency)} <small>/ month</small>
            </div>
            <ul>
              {plan.features.map((f) => (
                <li key={f}>{f}</li>
              ))}
            </ul>
            {current ? (
              <span className="bi-current" data-testid="plan-current">
                Current plan
              </span>
            ) : onChoose ? (
              <Button
                variant={plan.priceId === selectedPriceId ? 'primary' : 'ghost'}
                disabled={busy}
                onClick={() => onChoose(plan)}
                data-testid="plan-choose"
              >
                Choose {plan.name}
              </Button>
            ) : null}
          </article>
        );
      })}
    </div>
  );
}

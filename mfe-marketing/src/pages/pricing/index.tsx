import { Link } from 'react-router';
import type { Plan } from '@tracemap/contracts';
import { PageMeta } from '../../seo/page-meta';
import { MarketingStyles } from '../../styles';
import { describeLimits, formatPrice } from './format';
import { PlanCallToAction } from './plan-call-to-action';
import { usePlans } from './use-plans';

const EVERY_PLAN = [
  'Attributes, events, views and maps',
  'Lint on every save, severities per company',
  'Attribute inheritance with sources',
  'Import and export: JSON, CSV, JSON Schema',
  'Company roles: owner, admin, creator, viewer',
  'Version history of every change',
];

function PlanCard({ plan }: { plan: Plan }) {
  return (
    <article className="mk-plan" data-testid="pricing-plan">
      <h2 style={{ margin: 0 }}>{plan.name}</h2>
      <p className="mk-plan__price" style={{ margin: 0 }}>
        {formatPrice(plan.amount, plan.currency)} <small>per company / month</small>
      </p>
      <ul className="mk-list">
        {plan.features.map((f) => (
          <li key={f}>{f}</li>
        ))}
        {describeLimits(plan.limits, plan.features).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      <div style={{ marginTop: 'auto' }}>
        <PlanCallToAction />
      </div>
    </article>
  );
}

export function PricingPage() {
  const state = usePlans();
  return (
    <>
      <PageMeta
        title="Pricing"
        description="Tracemap plans and prices: one subscription per company workspace, billed monthly by card, every core feature in every plan."
      />
      <MarketingStyles />
      <section className="tm-page tm-container mk-section" data-testid="page-pricing">
        <h1>Pricing</h1>
        <p className="mk-lead">
          Every company workspace runs on its own subscription, billed monthly by card. Start with a trial, cancel any
          time.
        </p>
        {state.status === 'loading' ? (
          <p className="mk-meta" data-testid="pricing-loading">
            Loading plans…
          </p>
        ) : null}
        {state.status === 'ready' ? (
          <div className="mk-plans" data-testid="pricing-plans">
            {state.plans.map((p) => (
              <PlanCard key={p.priceId} plan={p} />
            ))}
          </div>
        ) : null}
        {state.status === 'unavailable' ? (
          <div className="mk-notice" data-testid="pricing-unavailable">
            <h2 style={{ marginTop: 0 }}>Prices could not be loaded just now</h2>
            <p>
              Our plan list is not reachable at the moment. You can still register and start a trial, and you will see
              every plan on your company’s subscription page — or <Link to="/contact">ask us for a quote</Link>.
            </p>
            <PlanCallToAction />
          </div>
        ) : null}
        <h2 style={{ marginTop: 48 }}>In every plan</h2>
        <ul className="mk-list">
          {EVERY_PLAN.map((f) => (
            <li key={f}>{f}</li>
          ))}
        </ul>
        <p>
          Running plans for many clients? Each client is its own company — see{' '}
          <Link to="/agency">Tracemap for agencies</Link>.
        </p>
      </section>
    </>
  );
}

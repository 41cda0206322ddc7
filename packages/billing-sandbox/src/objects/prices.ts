import type { Plan } from '@tracemap/contracts';

// A fixed creation time keeps catalogue objects identical across restarts.
const CATALOGUE_CREATED = 1735689600;

const productId = (plan: Plan) => `prod_${plan.priceId.replace(/^price_/, '')}`;

export function priceObject(plan: Plan) {
  return {
    id: plan.priceId,
    object: 'price' as const,
    active: true,
    billing_scheme: 'per_unit',
    created: CATALOGUE_CREATED,
    currency: plan.currency,
    custom_unit_amount: null,
    livemode: false,
    lookup_key: plan.priceId,
    metadata: {},
    nickname: plan.name,
    product: productId(plan),
    recurring: { interval: 'month', interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: plan.amount,
    unit_amount_decimal: String(plan.amount),
  };
}

export function productObject(plan: Plan) {
  return {
    id: productId(plan),
    object: 'product' as const,
    active: true,
    created: CATALOGUE_CREATED,
    default_price: plan.priceId,
    description: null,
    images: [],
    livemode: false,
    marketing_features: plan.features.map((name) => ({ name })),
    metadata: {},
    name: plan.name,
    type: 'service',
    updated: CATALOGUE_CREATED,
    url: null,
  };
}

export type PriceObject = ReturnType<typeof priceObject>;

export function catalogueObject(
  plans: Plan[],
  id: string,
): (Record<string, unknown> & { id: string; object: string }) | null {
  for (const plan of plans) {
    if (plan.priceId === id) return priceObject(plan);
    if (productId(plan) === id) return productObject(plan);
  }
  return null;
}

export const cataloguePrices = (plans: Plan[]) => plans.map(priceObject);

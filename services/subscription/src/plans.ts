import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { PlanSchema, type Plan } from '@tracemap/contracts';
import { ConfigError } from '@tracemap/service-kit';

export type { Plan };

/** A catalogue entry; `trial: true` marks the plan a new company's free trial runs on. */
export type CatalogPlan = Plan & { trial?: boolean };

/**
 * The built-in catalogue. Its price ids are the sandbox's; a real Stripe account maps its
 * own price ids through `BILLING_PLANS` (the same list as JSON).
 */
export const DEFAULT_PLANS: CatalogPlan[] = [
  {
    priceId: 'price_starter',
    name: 'Starter',
    amount: 2900,
    currency: 'usd',
    interval: 'month',
    features: [
      'Up to 5 members',
      'Tracking plan with attributes, events and views',
      'JSON, CSV and JSON Schema export',
    ],
    limits: { members: 5, maps: 5 },
  },
  {
    priceId: 'price_team',
    name: 'Team',
    amount: 9900,
    currency: 'usd',
    interval: 'month',
    features: ['Up to 20 members', 'Maps and plan history', 'Lint rules per company'],
    limits: { members: 20, maps: 50 },
    trial: true,
  },
  {
    priceId: 'price_business',
    name: 'Business',
    amount: 29900,
    currency: 'usd',
    interval: 'month',
    features: ['Unlimited members and maps', 'Priority support'],
    limits: null,
  },
];

const CatalogSchema = Type.Array(Type.Composite([PlanSchema, Type.Object({ trial: Type.Optional(Type.Boolean()) })]), {
  minItems: 1,
});

/** The configured catalogue; a malformed `BILLING_PLANS` stops the service at start. */
export function loadPlans(json: string | undefined): CatalogPlan[] {
  if (!json) return DEFAULT_PLANS;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new ConfigError(['BILLING_PLANS: not valid JSON']);
  }
  if (!Value.Check(CatalogSchema, parsed)) {
    const first = [...Value.Errors(CatalogSchema, parsed)][0];
    throw new ConfigError([`BILLING_PLANS: ${first?.path ?? ''} ${first?.message ?? 'does not match the plan shape'}`]);
  }
  return parsed as CatalogPlan[];
}

export class PlanCatalog {
  constructor(readonly plans: CatalogPlan[]) {}

  find(priceId: string | null | undefined): CatalogPlan | null {
    return this.plans.find((p) => p.priceId === priceId) ?? null;
  }

  /** The plan trials run on: the one marked `trial`, else the first. */
  get trialPlan(): CatalogPlan {
    return this.plans.find((p) => p.trial) ?? this.plans[0];
  }

  /** What `GET /plans` shows (without the internal trial marker). */
  get publicPlans(): Plan[] {
    return this.plans.map(({ trial: _trial, ...plan }) => plan);
  }
}

/** The built-in catalogue under the name the sandbox seeds its prices from. */
export const PLANS = DEFAULT_PLANS;

export function findPlan(priceId: string, plans: CatalogPlan[] = DEFAULT_PLANS): CatalogPlan | null {
  return plans.find((p) => p.priceId === priceId) ?? null;
}

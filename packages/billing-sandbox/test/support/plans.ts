import type { Plan } from '@tracemap/contracts';

/** The catalogue the tests' host sells: the product's built-in plans (the sandbox owns none). */
export const TEST_PLANS: Plan[] = [
  {
    priceId: 'price_starter',
    name: 'Starter',
    amount: 2900,
    currency: 'usd',
    interval: 'month',
    features: ['Up to 5 members'],
    limits: { members: 5, maps: 5 },
  },
  {
    priceId: 'price_team',
    name: 'Team',
    amount: 9900,
    currency: 'usd',
    interval: 'month',
    features: ['Up to 20 members'],
    limits: { members: 20, maps: 50 },
  },
  {
    priceId: 'price_business',
    name: 'Business',
    amount: 29900,
    currency: 'usd',
    interval: 'month',
    features: ['Unlimited members and maps'],
    limits: null,
  },
];

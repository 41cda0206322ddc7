import { ConfigError } from '@tracemap/service-kit';
import { loadConfig } from '../src/config';
import { createProvider } from '../src/providers/create-provider';
import { loadPlans } from '../src/plans';

const base = {
  PORT: '4004',
  DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
  PUBLIC_URL: 'http://localhost:8080',
  AUTH_URL: 'http://127.0.0.1:4001',
  INTERNAL_SERVICE_TOKEN: 'internal-token-for-tests-0123456789',
};

test('without a Stripe key the sandbox answers, except in production where the start is refused', () => {
  expect(createProvider(loadConfig({ ...base, NODE_ENV: 'development' })).kind).toBe('sandbox');
  expect(() => createProvider(loadConfig({ ...base, NODE_ENV: 'production' }))).toThrow(/STRIPE_SECRET_KEY/);
});

test('with a key it is Stripe, and the webhook secret is required with it', () => {
  const withKey = { ...base, NODE_ENV: 'production', STRIPE_SECRET_KEY: 'sk_live_x' };
  expect(createProvider(loadConfig({ ...withKey, STRIPE_WEBHOOK_SECRET: 'whsec_x' })).kind).toBe('stripe');
  expect(() => createProvider(loadConfig(withKey))).toThrow(/STRIPE_WEBHOOK_SECRET/);
});

test('BILLING_PLANS replaces the catalogue and is checked at start', () => {
  const plans = [
    {
      priceId: 'price_1Abc',
      name: 'Pro',
      amount: 4900,
      currency: 'eur',
      interval: 'month',
      features: ['All'],
      limits: null,
      trial: true,
    },
  ];
  expect(loadPlans(JSON.stringify(plans))).toEqual(plans);
  expect(() => loadPlans('{nope')).toThrow(/BILLING_PLANS: not valid JSON/);
  expect(() => loadPlans(JSON.stringify([{ priceId: 'x' }]))).toThrow(/BILLING_PLANS/);
  expect(loadPlans(undefined).map((p) => p.priceId)).toEqual(['price_starter', 'price_team', 'price_business']);
});

test('the sandbox provider is refused in production without a real key', () => {
  const env = {
    NODE_ENV: 'production',
    PORT: '0',
    DATABASE_URL: 'postgres://127.0.0.1/x',
    PUBLIC_URL: 'http://localhost:8080',
    AUTH_URL: 'http://127.0.0.1:9',
    INTERNAL_SERVICE_TOKEN: 'x'.repeat(20),
  };
  expect(() => loadConfig(env)).toThrow(ConfigError);
  expect(() => loadConfig(env)).toThrow(/sandbox billing provider is for development and tests only/);
  expect(() => loadConfig({ ...env, STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' })).not.toThrow();
});

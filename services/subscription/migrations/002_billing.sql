-- Billing state kept in step with the payment provider. The provider is the source of truth:
-- every webhook re-reads the subscription there and overwrites this copy.

ALTER TABLE subscription.subscriptions DROP CONSTRAINT subscriptions_status_check;
ALTER TABLE subscription.subscriptions ADD CONSTRAINT subscriptions_status_check
  CHECK (status IN ('active', 'trialing', 'canceled', 'past_due', 'terminated', 'none'));
ALTER TABLE subscription.subscriptions
  ADD COLUMN provider_subscription_id text UNIQUE,
  ADD COLUMN provider_status text,
  ADD COLUMN price_id text,
  ADD COLUMN item_id text,
  ADD COLUMN current_period_end timestamptz,
  ADD COLUMN cancel_at_period_end boolean NOT NULL DEFAULT false,
  ADD COLUMN trial_end timestamptz,
  ADD COLUMN card_brand text,
  ADD COLUMN card_last4 text,
  -- Bumped on every change: part of the idempotency keys of the next provider call.
  ADD COLUMN version integer NOT NULL DEFAULT 0;

-- One provider customer per company.
CREATE TABLE subscription.customers (
  company_id uuid PRIMARY KEY,
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Each provider event changes state once; the row is written in the same transaction.
CREATE TABLE subscription.processed_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  company_id uuid,
  processed_at timestamptz NOT NULL DEFAULT now()
);

-- One free trial per user: the first company a user creates claims it.
CREATE TABLE subscription.trials (
  company_id uuid PRIMARY KEY,
  user_id uuid NOT NULL UNIQUE,
  granted boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

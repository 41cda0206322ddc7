-- The local copy of each company's billing state; filled by the billing
-- provider's webhooks once billing lands.
CREATE TABLE subscription.subscriptions (
  company_id uuid PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('active', 'trialing', 'canceled', 'past_due', 'terminated')),
  card_expiration_month integer CHECK (card_expiration_month BETWEEN 1 AND 12),
  card_expiration_year integer,
  updated_at timestamptz NOT NULL DEFAULT now()
);

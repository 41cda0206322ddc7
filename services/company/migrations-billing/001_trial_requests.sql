-- A new company's request for its free trial, written in the transaction that creates the
-- company and handed to the subscription service by a worker until it has answered.
-- Kept apart from the numbered plan migrations (its own bookkeeping table), like the outbox.
CREATE TABLE company.trial_requests (
  company_id uuid PRIMARY KEY,
  creator_user_id uuid NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  done_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX trial_requests_pending ON company.trial_requests (next_attempt_at) WHERE done_at IS NULL;

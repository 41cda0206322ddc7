-- The sandbox billing provider keeps its own migration history (like the
-- mailer's outbox), so its numbering never collides with the service's own.
-- Names are unqualified: the runner sets the service schema as search_path.

-- Every emulated provider object (customer, subscription, invoice, payment
-- method, checkout or portal session) as the JSON the API answers with;
-- `internal` holds what the provider knows but never shows (e.g. whether a
-- test card's charges fail).
CREATE TABLE sandbox_objects (
  id text PRIMARY KEY,
  type text NOT NULL,
  seq bigserial NOT NULL,
  customer text,
  data jsonb NOT NULL,
  internal jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX sandbox_objects_type_idx ON sandbox_objects (type, seq DESC);
CREATE INDEX sandbox_objects_customer_idx ON sandbox_objects (customer, type);

-- One clock per installation: the emulator's now is real time plus offset.
CREATE TABLE sandbox_clock (
  id integer PRIMARY KEY CHECK (id = 1),
  offset_seconds bigint NOT NULL DEFAULT 0
);
INSERT INTO sandbox_clock (id, offset_seconds) VALUES (1, 0);

-- Events are both the provider's event log (listable for reconciliation) and
-- the webhook outbox: written with the change, delivered by a leased worker.
CREATE TABLE sandbox_events (
  id text PRIMARY KEY,
  seq bigserial NOT NULL UNIQUE,
  type text NOT NULL,
  created bigint NOT NULL,
  data jsonb NOT NULL,
  delivery_status text NOT NULL DEFAULT 'pending' CHECK (delivery_status IN ('pending', 'sending', 'delivered', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  claim_token uuid,
  last_error text,
  inserted_at timestamptz NOT NULL DEFAULT now(),
  delivered_at timestamptz
);
CREATE INDEX sandbox_events_due_idx ON sandbox_events (next_attempt_at, seq) WHERE delivery_status IN ('pending', 'sending');
CREATE INDEX sandbox_events_created_idx ON sandbox_events (created, seq);

-- Idempotency-Key answers, kept as the provider keeps them.
CREATE TABLE sandbox_idempotency (
  key text PRIMARY KEY,
  request_hash text NOT NULL,
  status integer NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

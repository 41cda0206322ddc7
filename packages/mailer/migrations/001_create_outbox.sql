-- Names are unqualified on purpose: the migration runner sets the target
-- schema as search_path for this transaction, so each service gets its own
-- outbox in its own schema from this one file.
CREATE TABLE outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  template text NOT NULL,
  recipient text NOT NULL,
  data jsonb NOT NULL DEFAULT '{}'::jsonb,
  dedupe_key text UNIQUE,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  locked_until timestamptz,
  last_error text,
  message_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz
);

CREATE INDEX outbox_due_idx ON outbox (next_attempt_at) WHERE status IN ('pending', 'sending');
CREATE INDEX outbox_created_idx ON outbox (created_at DESC);

CREATE TABLE account.profiles (
  user_id uuid PRIMARY KEY,
  email text NOT NULL,
  email_confirmed boolean NOT NULL DEFAULT false,
  first_name text NOT NULL DEFAULT '',
  last_name text NOT NULL DEFAULT '',
  anamap_admin boolean NOT NULL DEFAULT false,
  password_reset_required boolean NOT NULL DEFAULT false,
  trial_used boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX profiles_email_idx ON account.profiles (lower(email));

CREATE TABLE account.leads (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid,
  lead_data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account.bug_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid,
  bug_type text NOT NULL,
  description text NOT NULL,
  bug_url text,
  submission_url text,
  company_id text,
  map_id text,
  user_agent text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE account.feedback (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id uuid,
  text text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A replayed create (same Idempotency-Key) returns the stored answer instead of a second row.
CREATE TABLE account.idempotency_keys (
  scope text NOT NULL,
  key text NOT NULL,
  request_hash text NOT NULL,
  response jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (scope, key)
);

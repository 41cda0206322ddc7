-- Slack: one installation per company (its bot token and incoming webhook sealed
-- with AES-256-GCM by the service's key), the install flow's states, per-channel
-- subscriptions, the notifications producers hand in, the delivery outbox and the
-- first message per subject that later ones thread under.

CREATE TABLE integrations.slack_install_states (
  state_hash text PRIMARY KEY,
  company_id uuid NOT NULL,
  user_id uuid NOT NULL,
  -- The browser that asked: a second random value held in an HttpOnly cookie.
  cookie_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX slack_install_states_expiry_idx ON integrations.slack_install_states (expires_at);

CREATE TABLE integrations.slack_installations (
  company_id uuid PRIMARY KEY,
  status text NOT NULL CHECK (status IN ('connected', 'revoked')),
  team_id text NOT NULL,
  team_name text NOT NULL,
  channel_id text,
  channel_name text,
  bot_user_id text,
  -- Sealed; null once disconnected or revoked (the secrets are wiped, the row says what happened).
  bot_token text,
  webhook_url text,
  installed_by uuid NOT NULL,
  installed_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz,
  CHECK ((status = 'connected') = (bot_token IS NOT NULL))
);
CREATE INDEX slack_installations_team_idx ON integrations.slack_installations (team_id);

CREATE TABLE integrations.slack_subscriptions (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  channel_id text NOT NULL,
  channel_name text NOT NULL,
  kinds text[] NOT NULL,
  tags text[] NOT NULL DEFAULT '{}',
  categories text[] NOT NULL DEFAULT '{}',
  min_severity text NOT NULL DEFAULT 'info' CHECK (min_severity IN ('info', 'warning', 'critical')),
  mode text NOT NULL DEFAULT 'immediate' CHECK (mode IN ('immediate', 'digest')),
  quiet_start smallint CHECK (quiet_start BETWEEN 0 AND 23),
  quiet_end smallint CHECK (quiet_end BETWEEN 0 AND 23),
  paused_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, channel_id)
);

CREATE TABLE integrations.notifications (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  kind text NOT NULL,
  subject text NOT NULL,
  dedupe_key text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, dedupe_key)
);

-- The outbox: one row per notification and subscription. `pending` rows are
-- claimed with a lease; a row is `sent` once Slack answered with its `ts`.
CREATE TABLE integrations.slack_deliveries (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  notification_id uuid NOT NULL REFERENCES integrations.notifications (id) ON DELETE CASCADE,
  subscription_id uuid REFERENCES integrations.slack_subscriptions (id) ON DELETE SET NULL,
  channel_id text NOT NULL,
  thread_key text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'dropped')),
  attempts integer NOT NULL DEFAULT 0,
  not_before timestamptz NOT NULL DEFAULT now(),
  lease_until timestamptz,
  lease_token uuid,
  -- When Slack was last called for it: the per-channel spacing holds across restarts.
  attempted_at timestamptz,
  ts text,
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  sent_at timestamptz,
  UNIQUE (notification_id, channel_id)
);
CREATE INDEX slack_deliveries_due_idx ON integrations.slack_deliveries (not_before) WHERE status IN ('pending', 'sending');

CREATE TABLE integrations.slack_threads (
  company_id uuid NOT NULL,
  channel_id text NOT NULL,
  thread_key text NOT NULL,
  ts text NOT NULL,
  PRIMARY KEY (company_id, channel_id, thread_key)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['slack_install_states', 'slack_installations', 'slack_subscriptions', 'notifications',
                           'slack_deliveries', 'slack_threads'] LOOP
    EXECUTE format('ALTER TABLE integrations.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE integrations.%I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON integrations.%I USING (company_id = (SELECT integrations.current_tenant()))'
                   ' WITH CHECK (company_id = (SELECT integrations.current_tenant()))', t || '_tenant', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON integrations.%I TO integrations_app', t);
  END LOOP;
END
$$;

-- The OAuth callback arrives with only a state: this takes the state (whatever
-- its outcome, it is used once) and answers whose it was. Runs as the
-- migration's owner with a fixed search_path, as do the functions below.
CREATE FUNCTION integrations.take_install_state(p_hash text)
  RETURNS TABLE (company_id uuid, user_id uuid, cookie_hash text, expires_at timestamptz)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    DELETE FROM integrations.slack_install_states s WHERE s.state_hash = p_hash
    RETURNING s.company_id, s.user_id, s.cookie_hash, s.expires_at
  $$;

-- Slack's events name a workspace, not a company.
CREATE FUNCTION integrations.companies_of_team(p_team text) RETURNS SETOF uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$ SELECT i.company_id FROM integrations.slack_installations i WHERE i.team_id = p_team $$;

-- The delivery worker takes due rows of every company, learning only each row's
-- id, company and channel; the rest runs as that tenant under row security.
CREATE FUNCTION integrations.claim_deliveries(p_limit integer, p_lease_seconds integer)
  RETURNS TABLE (delivery_id uuid, company_id uuid, channel_id text, lease_token uuid, uncertain boolean)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    -- A row whose lease ran out while `sending` may have reached Slack: `uncertain`.
    UPDATE integrations.slack_deliveries d
       SET status = 'sending',
           lease_until = now() + make_interval(secs => p_lease_seconds),
           lease_token = gen_random_uuid()
      FROM (
       SELECT w.id, w.status = 'sending' AS uncertain FROM integrations.slack_deliveries w
        WHERE (w.status = 'pending' OR (w.status = 'sending' AND w.lease_until < now()))
          AND w.not_before <= now()
        ORDER BY w.created_at, w.id
        LIMIT p_limit
        FOR UPDATE SKIP LOCKED) due
     WHERE d.id = due.id
    RETURNING d.id, d.company_id, d.channel_id, d.lease_token, due.uncertain
  $$;

-- When the worker has something to do next (across companies): the earliest due row.
CREATE FUNCTION integrations.next_delivery_at() RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT min(CASE WHEN status = 'pending' THEN not_before ELSE lease_until END)
      FROM integrations.slack_deliveries WHERE status IN ('pending', 'sending')
  $$;

REVOKE ALL ON FUNCTION integrations.take_install_state(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION integrations.companies_of_team(text) FROM PUBLIC;
REVOKE ALL ON FUNCTION integrations.claim_deliveries(integer, integer) FROM PUBLIC;
REVOKE ALL ON FUNCTION integrations.next_delivery_at() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION integrations.take_install_state(text) TO integrations_app;
GRANT EXECUTE ON FUNCTION integrations.companies_of_team(text) TO integrations_app;
GRANT EXECUTE ON FUNCTION integrations.claim_deliveries(integer, integer) TO integrations_app;
GRANT EXECUTE ON FUNCTION integrations.next_delivery_at() TO integrations_app;

-- Destinations the plan is pushed to (Segment, Amplitude, mParticle, RudderStack): their
-- settings, their credentials sealed with AES-256-GCM by the service's key, each one's own
-- last success, last error and drift; the push runs (claimed with a lease, so a run whose
-- process died is taken over) and each operation's latest outcome.

CREATE TABLE integrations.destinations (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('segment', 'amplitude', 'mparticle', 'rudderstack')),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  mode text NOT NULL DEFAULT 'upsert' CHECK (mode IN ('upsert', 'mirror')),
  settings jsonb NOT NULL,
  -- Sealed, bound to the destination's id; never answered.
  credentials text NOT NULL,
  last_success_at timestamptz,
  last_error text,
  last_error_at timestamptz,
  drift_count integer,
  drift_checked_at timestamptz,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, name)
);

CREATE TABLE integrations.destination_runs (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  destination_id uuid NOT NULL REFERENCES integrations.destinations (id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed')),
  requested_by uuid NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  lease_token uuid,
  plan_version text,
  write_calls integer NOT NULL DEFAULT 0,
  error text,
  -- The company's lastSync to hand to the company service once this run completed the set
  -- (the outbox of that call): set with the outcome, cleared when the company service took it.
  last_sync_due timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX destination_runs_open_idx ON integrations.destination_runs (created_at) WHERE status IN ('queued', 'running');
CREATE INDEX destination_runs_history_idx ON integrations.destination_runs (destination_id, created_at DESC);
CREATE INDEX destination_runs_last_sync_idx ON integrations.destination_runs (finished_at) WHERE last_sync_due IS NOT NULL;
-- At most one open run per destination: asking again while one is open answers that one.
CREATE UNIQUE INDEX destination_runs_one_open_idx ON integrations.destination_runs (destination_id)
  WHERE status IN ('queued', 'running');

-- Each operation's latest outcome in the run: a run taken over after a crash reads the
-- destination again, so an item created before the crash comes back as an update or not at all.
CREATE TABLE integrations.destination_run_operations (
  run_id uuid NOT NULL REFERENCES integrations.destination_runs (id) ON DELETE CASCADE,
  company_id uuid NOT NULL,
  target text NOT NULL,
  key text NOT NULL,
  action text NOT NULL CHECK (action IN ('create', 'update', 'delete')),
  status text NOT NULL CHECK (status IN ('applied', 'failed')),
  http_status integer,
  error text,
  seq bigserial,
  recorded_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (run_id, target, key)
);

DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['destinations', 'destination_runs', 'destination_run_operations'] LOOP
    EXECUTE format('ALTER TABLE integrations.%I ENABLE ROW LEVEL SECURITY', t);
    EXECUTE format('ALTER TABLE integrations.%I FORCE ROW LEVEL SECURITY', t);
    EXECUTE format('CREATE POLICY %I ON integrations.%I USING (company_id = (SELECT integrations.current_tenant()))'
                   ' WITH CHECK (company_id = (SELECT integrations.current_tenant()))', t || '_tenant', t);
    EXECUTE format('GRANT SELECT, INSERT, UPDATE, DELETE ON integrations.%I TO integrations_app', t);
  END LOOP;
END
$$;
GRANT USAGE ON SEQUENCE integrations.destination_run_operations_seq_seq TO integrations_app;

-- Up to p_limit runs that are queued, or running with a lease that ran out (their process
-- died): each is leased to the caller with a fresh token. Row security would show the worker
-- no rows without a company, hence SECURITY DEFINER.
CREATE FUNCTION integrations.claim_destination_runs(p_limit integer, p_lease_seconds integer)
  RETURNS TABLE (run_id uuid, company_id uuid, destination_id uuid, lease_token uuid, resumed boolean)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    WITH due AS (
      SELECT r.id, r.status = 'running' AS resumed FROM integrations.destination_runs r
       WHERE r.status = 'queued' OR (r.status = 'running' AND r.lease_until < now())
       ORDER BY r.created_at, r.id
       LIMIT p_limit
       FOR UPDATE SKIP LOCKED)
    UPDATE integrations.destination_runs r
       SET status = 'running', lease_until = now() + make_interval(secs => p_lease_seconds),
           lease_token = gen_random_uuid(), attempts = r.attempts + 1, started_at = coalesce(r.started_at, now())
      FROM due WHERE r.id = due.id
    RETURNING r.id, r.company_id, r.destination_id, r.lease_token, due.resumed
  $$;

-- When the worker has something to do next: the earliest queued run or expiring lease.
CREATE FUNCTION integrations.next_destination_run_at() RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT min(CASE WHEN status = 'queued' THEN created_at ELSE lease_until END)
      FROM integrations.destination_runs WHERE status IN ('queued', 'running')
  $$;

-- The lastSync values still to hand to the company service, across companies.
CREATE FUNCTION integrations.due_last_syncs(p_limit integer)
  RETURNS TABLE (run_id uuid, company_id uuid, at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT id, company_id, last_sync_due FROM integrations.destination_runs
     WHERE last_sync_due IS NOT NULL ORDER BY finished_at LIMIT p_limit
  $$;

-- Destinations whose drift was not checked since p_before, across companies (the nightly check).
CREATE FUNCTION integrations.destinations_to_check(p_before timestamptz, p_limit integer)
  RETURNS TABLE (destination_id uuid, company_id uuid)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT id, company_id FROM integrations.destinations
     WHERE drift_checked_at IS NULL OR drift_checked_at < p_before
     ORDER BY drift_checked_at NULLS FIRST, id LIMIT p_limit
  $$;

DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['claim_destination_runs(integer, integer)', 'next_destination_run_at()',
                           'due_last_syncs(integer)', 'destinations_to_check(timestamptz, integer)'] LOOP
    EXECUTE 'REVOKE ALL ON FUNCTION integrations.' || f || ' FROM PUBLIC';
    EXECUTE 'GRANT EXECUTE ON FUNCTION integrations.' || f || ' TO integrations_app';
  END LOOP;
END
$$;

-- Runs: one uploaded file read into the profile. The file waits in the
-- service's data folder; the run keeps its progress, the first errors and a
-- checkpoint (the last line whose events are in the profile), written in the
-- same transaction as the profile's increments, so a run taken over after a
-- crash starts after that line and counts no event twice.

CREATE TABLE insights.runs (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  source_id uuid,
  -- What the uploader asked for (auto or a format) and what the file is read as.
  requested_format text NOT NULL,
  format text,
  content_type text NOT NULL,
  file_name text NOT NULL,
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'succeeded', 'failed', 'cancelled')),
  bytes bigint NOT NULL DEFAULT 0,
  lines bigint NOT NULL DEFAULT 0,
  events bigint NOT NULL DEFAULT 0,
  bad_lines bigint NOT NULL DEFAULT 0,
  -- The first 20 errors, each { line, message }.
  errors jsonb NOT NULL DEFAULT '[]'::jsonb,
  checkpoint bigint NOT NULL DEFAULT 0,
  failure text,
  -- A running run belongs to the worker that holds its lease; an expired lease means that worker died.
  lease_until timestamptz,
  -- Names the claim: a worker whose lease was taken over can no longer write to the run.
  lease_token uuid,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX runs_company_idx ON insights.runs (company_id, created_at DESC, id DESC);
CREATE INDEX runs_waiting_idx ON insights.runs (created_at) WHERE status IN ('queued', 'running');

ALTER TABLE insights.runs ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.runs FORCE ROW LEVEL SECURITY;
CREATE POLICY runs_tenant ON insights.runs
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE ON insights.runs TO insights_app;

-- The ingest worker takes runs of every company, but only ever learns a run's
-- id and company here; everything else it does runs as that tenant under row
-- security. Runs as the migration's owner with a fixed search_path.
CREATE FUNCTION insights.claim_run(p_lease_seconds integer) RETURNS TABLE (run_id uuid, company_id uuid, lease_token uuid)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    UPDATE insights.runs r
       SET status = 'running',
           lease_until = now() + make_interval(secs => p_lease_seconds),
           lease_token = gen_random_uuid(),
           started_at = coalesce(r.started_at, now()),
           updated_at = now()
     WHERE r.id = (
       SELECT w.id FROM insights.runs w
        WHERE w.status = 'queued' OR (w.status = 'running' AND w.lease_until < now())
        ORDER BY w.created_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED)
    RETURNING r.id, r.company_id, r.lease_token
  $$;
REVOKE ALL ON FUNCTION insights.claim_run(integer) FROM PUBLIC;

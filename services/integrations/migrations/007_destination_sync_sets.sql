-- Pushes of several destinations together. A set's runs push one plan snapshot (taken when its
-- first run starts, kept until every run finished so a run taken over after a crash pushes the
-- same version), and the company's lastSync moves only once every run of the set succeeded.
-- A single push is a set of one.

CREATE TABLE integrations.destination_sync_sets (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  requested_by uuid NOT NULL,
  plan_version text,
  -- The plan as the set pushes it; cleared once no run of the set is open.
  snapshot jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);

-- Runs made before sets existed each become a set of one under the run's own id.
INSERT INTO integrations.destination_sync_sets (id, company_id, requested_by, plan_version, created_at, finished_at)
SELECT id, company_id, requested_by, plan_version, created_at, finished_at FROM integrations.destination_runs;

ALTER TABLE integrations.destination_runs
  ADD COLUMN set_id uuid REFERENCES integrations.destination_sync_sets (id) ON DELETE CASCADE;
UPDATE integrations.destination_runs SET set_id = id;
ALTER TABLE integrations.destination_runs ALTER COLUMN set_id SET NOT NULL;
CREATE INDEX destination_runs_set_idx ON integrations.destination_runs (set_id);

ALTER TABLE integrations.destination_sync_sets ENABLE ROW LEVEL SECURITY;
ALTER TABLE integrations.destination_sync_sets FORCE ROW LEVEL SECURITY;
CREATE POLICY destination_sync_sets_tenant ON integrations.destination_sync_sets
  USING (company_id = (SELECT integrations.current_tenant()))
  WITH CHECK (company_id = (SELECT integrations.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE ON integrations.destination_sync_sets TO integrations_app;

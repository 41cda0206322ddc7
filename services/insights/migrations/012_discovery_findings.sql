-- Findings: what judging a company's profile against its plan raised. One row
-- per fingerprint, so a finding raised again keeps its triage state; one no
-- longer raised becomes resolved. plan_version names the plan that judged it.

CREATE TABLE insights.findings (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  fingerprint text NOT NULL,
  type text NOT NULL,
  severity text NOT NULL,
  layer jsonb NOT NULL,
  subject jsonb NOT NULL,
  counts jsonb NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  first_seen timestamptz,
  last_seen timestamptz,
  plan_version text NOT NULL,
  state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'ignored', 'resolved')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, fingerprint)
);
CREATE INDEX findings_list_idx ON insights.findings (company_id, id);
CREATE INDEX findings_state_idx ON insights.findings (company_id, state, type, id);

-- An observed name a company maps to a planned event (per source, or for all sources when source_id is '').
CREATE TABLE insights.name_mappings (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  source_id text NOT NULL DEFAULT '',
  observed_name text NOT NULL,
  plan_event_id text NOT NULL,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (company_id, source_id, observed_name)
);

-- Per company, the plan version its findings were last judged against.
CREATE TABLE insights.judgements (
  company_id uuid PRIMARY KEY,
  plan_version text NOT NULL,
  judged_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE insights.findings ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.findings FORCE ROW LEVEL SECURITY;
ALTER TABLE insights.name_mappings ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.name_mappings FORCE ROW LEVEL SECURITY;
ALTER TABLE insights.judgements ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.judgements FORCE ROW LEVEL SECURITY;
CREATE POLICY findings_tenant ON insights.findings
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
CREATE POLICY name_mappings_tenant ON insights.name_mappings
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
CREATE POLICY judgements_tenant ON insights.judgements
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE ON insights.findings, insights.name_mappings, insights.judgements TO insights_app;

-- The profile: aggregates of what the apps sent, never the events themselves.
-- One row per event, per property, per transition and per event shape, each
-- holding the discovery package's profile row as it is (data), with its
-- counters also in columns for lists and sorting. An ingest batch adds its
-- counts with ON CONFLICT ... DO UPDATE; the merged row is computed by the
-- package's own merge while the company's profile lock is held, so batches
-- of several runs and of the collector add up without losing a count.

-- Per (source, kind, event name).
CREATE TABLE insights.profile_events (
  company_id uuid NOT NULL,
  source_id text NOT NULL,
  kind text NOT NULL,
  name text NOT NULL,
  total bigint NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (company_id, source_id, kind, name)
);
CREATE INDEX profile_events_name_idx ON insights.profile_events (company_id, name);

-- Per (source, kind, event name, property path).
CREATE TABLE insights.profile_properties (
  company_id uuid NOT NULL,
  source_id text NOT NULL,
  kind text NOT NULL,
  event_name text NOT NULL,
  path text NOT NULL,
  present bigint NOT NULL,
  first_seen timestamptz NOT NULL,
  last_seen timestamptz NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (company_id, source_id, kind, event_name, path)
);

-- View-to-view transitions within a session; from_view is '' for the first view of a session.
CREATE TABLE insights.profile_transitions (
  company_id uuid NOT NULL,
  source_id text NOT NULL,
  from_view text NOT NULL,
  to_view text NOT NULL,
  total bigint NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (company_id, source_id, from_view, to_view)
);

-- Per event shape: how often it came and at most a few redacted examples.
CREATE TABLE insights.profile_examples (
  company_id uuid NOT NULL,
  source_id text NOT NULL,
  kind text NOT NULL,
  event_name text NOT NULL,
  shape text NOT NULL,
  total bigint NOT NULL,
  data jsonb NOT NULL,
  PRIMARY KEY (company_id, source_id, kind, event_name, shape)
);

ALTER TABLE insights.profile_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.profile_events FORCE ROW LEVEL SECURITY;
ALTER TABLE insights.profile_properties ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.profile_properties FORCE ROW LEVEL SECURITY;
ALTER TABLE insights.profile_transitions ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.profile_transitions FORCE ROW LEVEL SECURITY;
ALTER TABLE insights.profile_examples ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.profile_examples FORCE ROW LEVEL SECURITY;
CREATE POLICY profile_events_tenant ON insights.profile_events
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
CREATE POLICY profile_properties_tenant ON insights.profile_properties
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
CREATE POLICY profile_transitions_tenant ON insights.profile_transitions
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
CREATE POLICY profile_examples_tenant ON insights.profile_examples
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE
  ON insights.profile_events, insights.profile_properties, insights.profile_transitions, insights.profile_examples
  TO insights_app;

-- Plan against reality, one row per event name and kind: what was seen (summed
-- over sources) and how it matched the plan, with planned events never seen
-- as rows of their own. Rebuilt whenever the company's findings are judged,
-- so the list reads one indexed table page by page.

CREATE TABLE insights.observed_events (
  company_id uuid NOT NULL,
  name text NOT NULL,
  kind text NOT NULL,
  match text NOT NULL CHECK (match IN ('matched', 'unplanned', 'planned_unseen')),
  plan_event_id text,
  volume bigint NOT NULL,
  first_seen timestamptz,
  last_seen timestamptz,
  -- [{ path, presence, types }], by path.
  properties jsonb NOT NULL DEFAULT '[]'::jsonb,
  PRIMARY KEY (company_id, name, kind)
);
CREATE INDEX observed_events_match_idx ON insights.observed_events (company_id, match, name, kind);

ALTER TABLE insights.observed_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.observed_events FORCE ROW LEVEL SECURITY;
CREATE POLICY observed_events_tenant ON insights.observed_events
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE ON insights.observed_events TO insights_app;

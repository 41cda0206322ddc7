-- Every change to a company's findings or plan-against-reality rows is announced on
-- commit, whoever wrote it (a judgement, triage, a later feature), so each replica can
-- keep list pages in memory and drop them the moment they are out of date. Writes in a
-- tenant transaction name their company; a write outside one (maintenance as the owner)
-- announces `discovery`, which drops every company's pages. Identical announcements of
-- one transaction are delivered once.
CREATE FUNCTION insights.announce_discovery_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM pg_notify('insights_discovery_changes',
    coalesce('company:' || nullif(current_setting('app.company_id', true), ''), 'discovery'));
  RETURN NULL;
END;
$$;

CREATE TRIGGER findings_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON insights.findings
  FOR EACH STATEMENT EXECUTE FUNCTION insights.announce_discovery_change();
CREATE TRIGGER observed_events_announce_change
  AFTER INSERT OR UPDATE OR DELETE ON insights.observed_events
  FOR EACH STATEMENT EXECUTE FUNCTION insights.announce_discovery_change();

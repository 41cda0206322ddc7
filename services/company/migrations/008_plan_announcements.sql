-- Every change to what a plan read returns is announced on the channel
-- company_plan_events as `plan:<companyId>`, in the transaction that makes
-- it, so each replica of the service can drop what it keeps of that
-- company's plan (lists, effective schemas, counts) the moment it commits.
-- Triggers rather than calls in each use case: no write path can forget one.
-- Statement-level, so an import of thousands of rows announces once.

CREATE FUNCTION company.announce_plan_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('company_plan_events', 'plan:' || c.company_id) FROM (SELECT DISTINCT company_id FROM changed) c;
    RETURN NULL;
  END
  $$;

-- A table may have a transition table for one event per trigger only: three each.
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['plan_attributes', 'plan_events', 'plan_views', 'plan_event_attributes', 'plan_view_attributes',
                           'plan_view_events', 'maps', 'map_attributes', 'map_nodes', 'map_edges']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON company.%I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.announce_plan_change()', t || '_announce_insert', t);
    EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON company.%I REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.announce_plan_change()', t || '_announce_update', t);
    EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON company.%I REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.announce_plan_change()', t || '_announce_delete', t);
  END LOOP;
END
$$;

-- Company settings decide inheritance, name cases and lint rules.
CREATE FUNCTION company.announce_plan_settings_change() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM pg_notify('company_plan_events', 'plan:' || NEW.id);
    RETURN NULL;
  END
  $$;

CREATE TRIGGER companies_announce_settings AFTER UPDATE OF settings ON company.companies
  FOR EACH ROW WHEN (OLD.settings IS DISTINCT FROM NEW.settings) EXECUTE FUNCTION company.announce_plan_settings_change();

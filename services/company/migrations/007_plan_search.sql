-- Substring search that can use the trigram indexes.
--
-- Under row-level security PostgreSQL evaluates a query's own conditions
-- after the policy's unless they are leakproof, and LIKE is not: a search
-- through the tables as the app role scans every row of the company. These
-- functions find the matching ids instead, as their owner (who is not bound
-- by the policies), restricted to the tenant the transaction names, so they
-- answer nothing the policies would not; the caller then reads those rows
-- under row-level security as before.
--
-- The embedded database loads pg_trgm too, so the indexes are (re)created
-- here for databases whose earlier migration ran without the extension.
DO $$
DECLARE
  trgm_schema text;
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm unavailable; search scans the company''s rows';
  END;
  SELECT n.nspname INTO trgm_schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm';
  IF trgm_schema IS NOT NULL THEN
    EXECUTE format('CREATE INDEX IF NOT EXISTS plan_attributes_search_idx ON company.plan_attributes USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS plan_events_search_idx ON company.plan_events USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS plan_views_search_idx ON company.plan_views USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
    EXECUTE format('CREATE INDEX IF NOT EXISTS maps_search_idx ON company.maps USING gin (search_text %I.gin_trgm_ops)', trgm_schema);
  END IF;
END
$$;

-- The ids of the tenant's rows of one plan list whose search text matches a
-- LIKE pattern. The pattern is planned with its value (EXECUTE): a selective
-- one takes the trigram index, a one- or two-letter one the company's rows.
CREATE FUNCTION company.plan_search_ids(p_list text, p_pattern text) RETURNS SETOF uuid
  LANGUAGE plpgsql STABLE ROWS 20 SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
  DECLARE
    tenant uuid := company.current_tenant();
    source text := CASE p_list
      WHEN 'attributes' THEN 'company.plan_attributes'
      WHEN 'events' THEN 'company.plan_events'
      WHEN 'views' THEN 'company.plan_views'
      WHEN 'maps' THEN 'company.maps'
    END;
  BEGIN
    IF tenant IS NULL OR source IS NULL THEN
      RETURN;
    END IF;
    RETURN QUERY EXECUTE format('SELECT id FROM %s WHERE company_id = %L AND search_text LIKE %L', source, tenant, p_pattern);
  END
  $$;

REVOKE ALL ON FUNCTION company.plan_search_ids(text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION company.plan_search_ids(text, text) TO company_app;

-- Tenant isolation is enforced twice, as in the company service: by each
-- route's membership check and, as a second layer, by Row Level Security.
-- Requests run their queries as insights_app, which owns nothing and cannot
-- bypass RLS, and name the company per transaction with
-- set_config('app.company_id', ..., true). With no company named, a query
-- sees no rows.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'insights_app') THEN
    CREATE ROLE insights_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  -- The login role must be able to SET ROLE insights_app (a superuser already can).
  IF NOT pg_has_role(current_user, 'insights_app', 'MEMBER') THEN
    EXECUTE format('GRANT insights_app TO %I', current_user);
  END IF;
END
$$;

CREATE FUNCTION insights.current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;

GRANT USAGE ON SCHEMA insights TO insights_app;
GRANT EXECUTE ON FUNCTION insights.current_tenant() TO insights_app;

-- Tenant isolation is enforced twice, as in the company service: by each
-- route's membership check and, as a second layer, by Row Level Security.
-- Requests run their queries as integrations_app, which owns nothing and cannot
-- bypass RLS, and name the company per transaction with
-- set_config('app.company_id', ..., true). With no company named, a query
-- sees no rows.

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'integrations_app') THEN
    CREATE ROLE integrations_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  -- The login role must be able to SET ROLE integrations_app (a superuser already can).
  IF NOT pg_has_role(current_user, 'integrations_app', 'MEMBER') THEN
    EXECUTE format('GRANT integrations_app TO %I', current_user);
  END IF;
END
$$;

CREATE FUNCTION integrations.current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;

GRANT USAGE ON SCHEMA integrations TO integrations_app;
GRANT EXECUTE ON FUNCTION integrations.current_tenant() TO integrations_app;

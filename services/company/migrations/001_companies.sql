-- Tenant isolation is enforced twice: by the service's authorization checks
-- and, as a second layer, by Row Level Security. The service runs its
-- queries as company_app, which owns nothing and cannot bypass RLS, and
-- names the tenant per transaction with set_config(..., true).

DO $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = 'company_app') THEN
    CREATE ROLE company_app NOLOGIN NOSUPERUSER NOBYPASSRLS NOCREATEDB NOCREATEROLE;
  END IF;
  -- The login role must be able to SET ROLE company_app (a superuser already can).
  IF NOT pg_has_role(current_user, 'company_app', 'MEMBER') THEN
    EXECUTE format('GRANT company_app TO %I', current_user);
  END IF;
END
$$;

CREATE FUNCTION company.current_tenant() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.company_id', true), '')::uuid $$;

CREATE FUNCTION company.current_app_user() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;

CREATE FUNCTION company.current_invitation() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.invitation_id', true), '')::uuid $$;

CREATE TABLE company.companies (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  settings jsonb NOT NULL DEFAULT '{}'::jsonb,
  last_sync timestamptz,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE company.memberships (
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'creator', 'viewer')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, user_id)
);
CREATE INDEX memberships_user_idx ON company.memberships (user_id);

CREATE TABLE company.invitations (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  email text NOT NULL CHECK (email = lower(email)),
  first_name text NOT NULL,
  last_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('owner', 'admin', 'creator', 'viewer')),
  token_hash text NOT NULL,
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'revoked')),
  invited_by uuid NOT NULL,
  expires_at timestamptz NOT NULL,
  last_sent_at timestamptz NOT NULL DEFAULT now(),
  send_count integer NOT NULL DEFAULT 1,
  accepted_by uuid,
  accepted_at timestamptz,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- One open invitation per address and company; used or revoked ones stay as history.
CREATE UNIQUE INDEX invitations_pending_email_idx ON company.invitations (company_id, email) WHERE status = 'pending';

CREATE TABLE company.audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  actor_user_id uuid,
  action text NOT NULL,
  target_user_id uuid,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX audit_log_company_idx ON company.audit_log (company_id, id DESC);

-- Stored responses of creating POSTs, per user and Idempotency-Key.
CREATE TABLE company.idempotency_keys (
  user_id uuid NOT NULL,
  key text NOT NULL,
  route text NOT NULL,
  request_hash text NOT NULL,
  status_code integer,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

ALTER TABLE company.companies ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.companies FORCE ROW LEVEL SECURITY;
ALTER TABLE company.memberships ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.memberships FORCE ROW LEVEL SECURITY;
ALTER TABLE company.invitations ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.invitations FORCE ROW LEVEL SECURITY;
ALTER TABLE company.audit_log ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.audit_log FORCE ROW LEVEL SECURITY;
ALTER TABLE company.idempotency_keys ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.idempotency_keys FORCE ROW LEVEL SECURITY;

-- The tenant named for the transaction sees and writes its own rows only.
CREATE POLICY companies_tenant ON company.companies
  USING (id = company.current_tenant()) WITH CHECK (id = company.current_tenant());
CREATE POLICY memberships_tenant ON company.memberships
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY invitations_tenant ON company.invitations
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY audit_log_tenant ON company.audit_log
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());

-- Across companies a user reads only their own memberships and the companies
-- behind them ("my companies"), never other members.
CREATE POLICY memberships_own_user ON company.memberships FOR SELECT
  USING (user_id = company.current_app_user());
CREATE POLICY companies_own_user ON company.companies FOR SELECT
  USING (EXISTS (
    SELECT 1 FROM company.memberships m
    WHERE m.company_id = companies.id AND m.user_id = company.current_app_user()
  ));

-- Knowing an (unguessable) invitation id is what opens the invitation page,
-- before the company it belongs to is known.
CREATE POLICY invitations_by_id ON company.invitations FOR SELECT
  USING (id = company.current_invitation());

CREATE POLICY idempotency_keys_own_user ON company.idempotency_keys
  USING (user_id = company.current_app_user()) WITH CHECK (user_id = company.current_app_user());

GRANT USAGE ON SCHEMA company TO company_app;
GRANT EXECUTE ON FUNCTION company.current_tenant(), company.current_app_user(), company.current_invitation() TO company_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON company.companies, company.memberships, company.invitations TO company_app;
GRANT SELECT, INSERT ON company.audit_log TO company_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON company.idempotency_keys TO company_app;

-- Personal access tokens: a user's key for MCP clients, scoped to one company
-- they belong to. Only the SHA-256 of the secret is kept (the secret is
-- answered once, at creation). A user lists and revokes their tokens across
-- all their companies, so row security here names the user rather than the
-- company: each request sets app.user_id, and sees and changes its own rows only.

CREATE TABLE insights.access_tokens (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL,
  company_id uuid NOT NULL,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  token_hash text NOT NULL UNIQUE,
  token_prefix text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_used_at timestamptz
);
CREATE INDEX access_tokens_user_idx ON insights.access_tokens (user_id, created_at DESC);

CREATE FUNCTION insights.current_user_id() RETURNS uuid
  LANGUAGE sql STABLE
  AS $$ SELECT nullif(current_setting('app.user_id', true), '')::uuid $$;
GRANT EXECUTE ON FUNCTION insights.current_user_id() TO insights_app;

ALTER TABLE insights.access_tokens ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.access_tokens FORCE ROW LEVEL SECURITY;
CREATE POLICY access_tokens_owner ON insights.access_tokens
  USING (user_id = (SELECT insights.current_user_id()))
  WITH CHECK (user_id = (SELECT insights.current_user_id()));
GRANT SELECT, INSERT, DELETE ON insights.access_tokens TO insights_app;
GRANT UPDATE (last_used_at) ON insights.access_tokens TO insights_app;

-- An MCP request arrives with a token alone, before its user is known: this
-- function answers only whose token a hash is and for which company; what
-- follows runs as that user (and that company) under row security. Runs as
-- the migration's owner with a fixed search_path.
CREATE FUNCTION insights.access_token_by_hash(p_hash text)
  RETURNS TABLE (token_id uuid, user_id uuid, company_id uuid, last_used_at timestamptz)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT t.id, t.user_id, t.company_id, t.last_used_at FROM insights.access_tokens t WHERE t.token_hash = p_hash
  $$;
REVOKE ALL ON FUNCTION insights.access_token_by_hash(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION insights.access_token_by_hash(text) TO insights_app;

-- Public links to a map's read-only preview. A map has at most one live link;
-- only the SHA-256 of its token is kept, so a database reader cannot rebuild a
-- working link. Turning sharing off deletes the row, so the token stops working
-- at once; turning it on again makes a new one.

CREATE TABLE company.map_shares (
  company_id uuid NOT NULL,
  map_id uuid NOT NULL,
  token_hash bytea NOT NULL CHECK (octet_length(token_hash) = 32),
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, map_id),
  FOREIGN KEY (company_id, map_id) REFERENCES company.maps (company_id, id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX map_shares_token_idx ON company.map_shares (token_hash);

ALTER TABLE company.map_shares ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.map_shares FORCE ROW LEVEL SECURITY;
CREATE POLICY map_shares_tenant ON company.map_shares
  USING (company_id = (SELECT company.current_tenant())) WITH CHECK (company_id = (SELECT company.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE ON company.map_shares TO company_app;

-- A preview URL names a map but no company. These functions answer only the
-- company of one map, each under a condition the caller cannot fake, so the
-- real read can then run as that tenant under row security. They run as the
-- migration's owner (SECURITY DEFINER) with a fixed search_path so no object
-- of the caller's can stand in for ours.

-- The company of a map that is not archived and carries a live link with this token hash.
CREATE FUNCTION company.map_share_company(p_map_id uuid, p_token_hash bytea) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT s.company_id
      FROM company.map_shares s
      JOIN company.maps m ON m.company_id = s.company_id AND m.id = s.map_id
     WHERE s.map_id = p_map_id AND s.token_hash = p_token_hash AND m.status <> 'archived'
  $$;

-- The company of a map that is not archived, among those the transaction's user
-- (app.user_id, set by the service) is a member of. A map id copied into
-- several companies by imports resolves to the first of them by company id.
CREATE FUNCTION company.map_company_for_member(p_map_id uuid) RETURNS uuid
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT m.company_id
      FROM company.maps m
      JOIN company.memberships ms ON ms.company_id = m.company_id AND ms.user_id = company.current_app_user()
     WHERE m.id = p_map_id AND m.status <> 'archived'
     ORDER BY m.company_id
     LIMIT 1
  $$;

-- The origins allowed to frame a map's preview (the company setting
-- mapEmbedOrigins); null when the map is unknown, archived or its id is held
-- by more than one company (then nobody may frame it).
CREATE FUNCTION company.map_embed_origins(p_map_id uuid) RETURNS jsonb
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT CASE WHEN count(*) = 1 THEN (array_agg(coalesce(c.settings -> 'mapEmbedOrigins', '[]'::jsonb)))[1] END
      FROM company.maps m
      JOIN company.companies c ON c.id = m.company_id
     WHERE m.id = p_map_id AND m.status <> 'archived'
  $$;

REVOKE ALL ON FUNCTION company.map_share_company(uuid, bytea), company.map_company_for_member(uuid), company.map_embed_origins(uuid) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION company.map_share_company(uuid, bytea), company.map_company_for_member(uuid), company.map_embed_origins(uuid) TO company_app;

-- Discovery's sources: uploads, collectors (a key the company's pipeline
-- posts to), GA4 and Amplitude pulls. A collector's key is stored only as its
-- SHA-256 (the key is answered once, at creation or rotation); pull
-- credentials only sealed with AES-256-GCM by the service's key.

CREATE TABLE insights.sources (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('upload', 'collector', 'ga4', 'amplitude')),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  -- What a collector receives.
  format text CHECK (format IN ('auto', 'segment', 'rudderstack', 'mparticle')),
  ingest_key_hash text UNIQUE,
  ingest_key_prefix text,
  key_rotated_at timestamptz,
  property_id text,
  region text CHECK (region IN ('us', 'eu')),
  credentials text,
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((kind = 'collector') = (ingest_key_hash IS NOT NULL)),
  CHECK ((kind IN ('ga4', 'amplitude')) = (credentials IS NOT NULL))
);
CREATE INDEX sources_company_idx ON insights.sources (company_id, created_at, id);

ALTER TABLE insights.sources ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.sources FORCE ROW LEVEL SECURITY;
CREATE POLICY sources_tenant ON insights.sources
  USING (company_id = insights.current_tenant()) WITH CHECK (company_id = insights.current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON insights.sources TO insights_app;

-- The collector is reached by its key alone, before its company is known:
-- this function answers only which source (and company) a key hash names,
-- and everything after runs as that company under row security. Runs as the
-- migration's owner with a fixed search_path.
CREATE FUNCTION insights.source_by_ingest_key_hash(p_hash text)
  RETURNS TABLE (source_id uuid, company_id uuid, format text)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT s.id, s.company_id, s.format FROM insights.sources s WHERE s.ingest_key_hash = p_hash AND s.kind = 'collector'
  $$;
REVOKE ALL ON FUNCTION insights.source_by_ingest_key_hash(text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION insights.source_by_ingest_key_hash(text) TO insights_app;

-- Pulls: per GA4 or Amplitude source, when it was last pulled (on demand or
-- by the schedule) and up to when its data has been read, so the next pull
-- reads only the window since. Removed with its source.

CREATE TABLE insights.source_pulls (
  source_id uuid PRIMARY KEY REFERENCES insights.sources (id) ON DELETE CASCADE,
  company_id uuid NOT NULL,
  -- The end (exclusive) of the window the last successful pull read; the next window starts here.
  pulled_until timestamptz,
  -- The last pull started, and its run: the schedule waits its interval after any attempt.
  attempted_at timestamptz,
  run_id uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE insights.source_pulls ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.source_pulls FORCE ROW LEVEL SECURITY;
CREATE POLICY source_pulls_tenant ON insights.source_pulls
  USING (company_id = insights.current_tenant()) WITH CHECK (company_id = insights.current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON insights.source_pulls TO insights_app;

-- The schedule pulls sources of every company: this function claims up to
-- p_limit GA4 and Amplitude sources not attempted for p_interval_ms (marking
-- them attempted, so another replica skips them) and answers only their ids
-- and companies; the pull itself runs as that company under row security.
-- Runs as the migration's owner with a fixed search_path.
CREATE FUNCTION insights.claim_due_pulls(p_interval_ms bigint, p_limit integer)
  RETURNS TABLE (source_id uuid, company_id uuid)
  LANGUAGE sql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    INSERT INTO insights.source_pulls AS p (source_id, company_id, attempted_at)
    SELECT s.id, s.company_id, now()
      FROM insights.sources s
      LEFT JOIN insights.source_pulls q ON q.source_id = s.id
     WHERE s.kind IN ('ga4', 'amplitude') AND s.credentials IS NOT NULL
       AND (q.attempted_at IS NULL OR q.attempted_at <= now() - make_interval(secs => p_interval_ms / 1000.0))
     ORDER BY q.attempted_at NULLS FIRST, s.id
     LIMIT p_limit
       FOR UPDATE OF s SKIP LOCKED
    ON CONFLICT (source_id) DO UPDATE SET attempted_at = now(), updated_at = now()
      WHERE p.attempted_at IS NULL OR p.attempted_at <= now() - make_interval(secs => p_interval_ms / 1000.0)
    RETURNING p.source_id, p.company_id
  $$;
REVOKE ALL ON FUNCTION insights.claim_due_pulls(bigint, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION insights.claim_due_pulls(bigint, integer) TO insights_app;

-- What the metrics read at each scrape about destination pushes, across companies (row
-- security would show the scrape none): runs waiting for a worker (queued, or running under a
-- lease that ran out) with the wait of the oldest, and lastSync values not yet taken by the
-- company service with the age of the oldest.
CREATE FUNCTION integrations.destination_run_backlog(OUT waiting integer, OUT oldest_due_seconds double precision)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT count(*)::integer,
           coalesce(extract(epoch FROM now() - min(CASE WHEN status = 'queued' THEN created_at ELSE lease_until END)), 0)::float8
      FROM integrations.destination_runs
     WHERE status = 'queued' OR (status = 'running' AND lease_until < now())
  $$;

CREATE FUNCTION integrations.last_sync_backlog(OUT waiting integer, OUT oldest_due_seconds double precision)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT count(*)::integer, coalesce(extract(epoch FROM now() - min(last_sync_due)), 0)::float8
      FROM integrations.destination_runs WHERE last_sync_due IS NOT NULL
  $$;

REVOKE ALL ON FUNCTION integrations.destination_run_backlog() FROM PUBLIC;
REVOKE ALL ON FUNCTION integrations.last_sync_backlog() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION integrations.destination_run_backlog() TO integrations_app;
GRANT EXECUTE ON FUNCTION integrations.last_sync_backlog() TO integrations_app;

-- What the metrics read at each scrape: deliveries not yet made and how long the oldest due
-- one has waited, across companies (Row Level Security would show the worker none of them,
-- as with next_delivery_at). Served by the partial index of open rows.
CREATE FUNCTION integrations.delivery_backlog(OUT waiting integer, OUT oldest_due_seconds double precision)
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT count(*)::integer,
           coalesce(extract(epoch FROM now() - min(CASE WHEN status = 'pending' THEN not_before ELSE lease_until END)
             FILTER (WHERE (CASE WHEN status = 'pending' THEN not_before ELSE lease_until END) <= now())), 0)::float8
      FROM integrations.slack_deliveries WHERE status IN ('pending', 'sending')
  $$;

REVOKE ALL ON FUNCTION integrations.delivery_backlog() FROM PUBLIC;
GRANT EXECUTE ON FUNCTION integrations.delivery_backlog() TO integrations_app;

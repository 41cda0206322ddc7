-- New findings are told to the integrations service (Slack) as bursts: every finding a
-- judgement raises for the first time joins the company's open burst in
-- insights.notification_relay (created by the service kit), relayed once judgements have
-- been quiet for a minute, or ten minutes after the burst began. A finding raised again
-- (updated, or reopened) is not new.
CREATE FUNCTION insights.gather_new_finding_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM insights.add_to_notification_burst(
      b.company_id, 'finding_new', 'findings',
      coalesce(jsonb_agg(b.item ORDER BY b.rank, b.id) FILTER (WHERE b.n <= 50), '[]'::jsonb), count(*)::int,
      interval '60 seconds', interval '10 minutes')
    FROM (
      SELECT f.id, f.company_id,
             CASE f.severity WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END AS rank,
             row_number() OVER (PARTITION BY f.company_id
                                ORDER BY CASE f.severity WHEN 'high' THEN 0 WHEN 'medium' THEN 1 ELSE 2 END, f.id) AS n,
             jsonb_build_object('id', f.id, 'type', f.type, 'severity', f.severity,
                                'event', f.subject ->> 'event', 'property', f.subject ->> 'property') AS item
        FROM changed f
    ) b
    GROUP BY b.company_id;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER findings_notify_new AFTER INSERT ON insights.findings
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION insights.gather_new_finding_notification();

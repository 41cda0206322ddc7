-- Plan changes are told to the integrations service (Slack) as bursts: every history entry
-- joins its author's open burst in company.notification_relay (created by the service kit
-- before these migrations' triggers can fire), which is relayed once the author has been
-- quiet for a minute, or ten minutes after the burst began. The entity's name is taken now,
-- while it exists (a deleted one keeps the name it had).
CREATE FUNCTION company.gather_plan_change_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM company.add_to_notification_burst(
      b.company_id, 'plan_changed', b.burst,
      coalesce(jsonb_agg(b.item ORDER BY b.id) FILTER (WHERE b.n <= 50), '[]'::jsonb), count(*)::int,
      interval '60 seconds', interval '10 minutes')
    FROM (
      SELECT h.id, h.company_id,
             coalesce(h.actor_user_id::text, h.actor) AS burst,
             row_number() OVER (PARTITION BY h.company_id, coalesce(h.actor_user_id::text, h.actor) ORDER BY h.id) AS n,
             jsonb_build_object(
               'entity', h.entity_kind, 'id', h.entity_id, 'action', h.action, 'actor', h.actor,
               'userId', h.actor_user_id, 'name', coalesce(a.name, e.name, v.name)) AS item
        FROM changed h
        LEFT JOIN company.plan_attributes a ON h.entity_kind = 'attribute' AND a.company_id = h.company_id AND a.id = h.entity_id
        LEFT JOIN company.plan_events e ON h.entity_kind = 'event' AND e.company_id = h.company_id AND e.id = h.entity_id
        LEFT JOIN company.plan_views v ON h.entity_kind = 'view' AND v.company_id = h.company_id AND v.id = h.entity_id
    ) b
    GROUP BY b.company_id, b.burst;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER plan_history_notify AFTER INSERT ON company.plan_history
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.gather_plan_change_notification();

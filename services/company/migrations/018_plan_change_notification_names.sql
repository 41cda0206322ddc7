-- A merge writes hundreds of history entries in one statement. The burst keeps the names of
-- the first 50 entries of each author only, so only those are looked up, each by its key;
-- joining every entry to the plan's tables let the planner pick scans of the whole plan per
-- statement. Whether the company is a proposal's workspace (whose edits are not plan changes
-- to announce) is asked once per company, not once per entry.
CREATE OR REPLACE FUNCTION company.gather_plan_change_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM company.add_to_notification_burst(
      b.company_id, 'plan_changed', b.burst,
      coalesce(jsonb_agg(
        jsonb_build_object(
          'entity', b.entity_kind, 'id', b.entity_id, 'action', b.action, 'actor', b.actor,
          'userId', b.actor_user_id,
          'name', CASE b.entity_kind
                    WHEN 'attribute' THEN (SELECT a.name FROM company.plan_attributes a
                                            WHERE a.company_id = b.company_id AND a.id = b.entity_id)
                    WHEN 'event' THEN (SELECT e.name FROM company.plan_events e
                                        WHERE e.company_id = b.company_id AND e.id = b.entity_id)
                    WHEN 'view' THEN (SELECT v.name FROM company.plan_views v
                                       WHERE v.company_id = b.company_id AND v.id = b.entity_id)
                  END)
        ORDER BY b.id) FILTER (WHERE b.n <= 50), '[]'::jsonb),
      count(*)::int,
      interval '60 seconds', interval '10 minutes')
    FROM (
      SELECT h.id, h.company_id, h.entity_kind, h.entity_id, h.action, h.actor, h.actor_user_id,
             coalesce(h.actor_user_id::text, h.actor) AS burst,
             row_number() OVER (PARTITION BY h.company_id, coalesce(h.actor_user_id::text, h.actor) ORDER BY h.id) AS n
        FROM changed h
       WHERE h.company_id NOT IN (SELECT c.id FROM company.companies c
                                   WHERE c.id IN (SELECT DISTINCT company_id FROM changed) AND c.proposal_of IS NOT NULL)
    ) b
    GROUP BY b.company_id, b.burst;
    RETURN NULL;
  END
  $$;

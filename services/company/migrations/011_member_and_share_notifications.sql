-- Member changes and new public map shares are told to the integrations service (Slack)
-- like plan changes (migration 010): gathered per company into a burst of
-- company.notification_relay in the writing transaction, relayed once quiet.

CREATE FUNCTION company.gather_member_change_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM company.add_to_notification_burst(
      m.company_id, 'member_changed', 'members',
      coalesce(jsonb_agg(m.item) FILTER (WHERE m.n <= 50), '[]'::jsonb), count(*)::int,
      interval '60 seconds', interval '10 minutes')
    FROM (
      SELECT c.company_id,
             row_number() OVER (PARTITION BY c.company_id ORDER BY c.user_id) AS n,
             jsonb_build_object('userId', c.user_id, 'role', c.role, 'action', lower(TG_OP)) AS item
        FROM changed c
    ) m
    GROUP BY m.company_id;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER memberships_notify_insert AFTER INSERT ON company.memberships
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.gather_member_change_notification();
CREATE TRIGGER memberships_notify_update AFTER UPDATE ON company.memberships
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.gather_member_change_notification();
CREATE TRIGGER memberships_notify_delete AFTER DELETE ON company.memberships
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.gather_member_change_notification();

CREATE FUNCTION company.gather_map_share_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM company.add_to_notification_burst(
      s.company_id, 'map_shared', 'map:' || s.map_id,
      jsonb_build_array(jsonb_build_object('mapId', s.map_id, 'name', mp.name, 'userId', s.created_by)), 1,
      interval '5 seconds', interval '1 minute')
    FROM changed s
    LEFT JOIN company.maps mp ON mp.company_id = s.company_id AND mp.id = s.map_id;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER map_shares_notify AFTER INSERT ON company.map_shares
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.gather_map_share_notification();

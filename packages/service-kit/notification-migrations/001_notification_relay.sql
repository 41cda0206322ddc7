-- Notifications a service hands to the integrations service (Slack and the like), written
-- in the same transaction as the change they tell of and relayed by a worker: none is lost
-- when integrations is down, and integrations' dedupe key makes one relayed twice harmless.
-- Changes of one burst (same company, kind and burst key, still open) gather in one row
-- until the burst has been quiet for a while, so ten edits make one message, not ten.
-- Names are unqualified: the migration runner sets the service's schema as search_path.
CREATE TABLE notification_relay (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  company_id uuid NOT NULL,
  kind text NOT NULL,
  burst_key text NOT NULL,
  -- Open: still gathering changes. Closed once a relay worker takes it.
  open boolean NOT NULL DEFAULT true,
  items jsonb NOT NULL DEFAULT '[]'::jsonb,
  item_count integer NOT NULL DEFAULT 0,
  first_at timestamptz NOT NULL DEFAULT now(),
  due_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  lease_until timestamptz,
  sent_at timestamptz,
  gave_up_at timestamptz,
  last_error text
);
CREATE UNIQUE INDEX notification_relay_open_burst ON notification_relay (company_id, kind, burst_key) WHERE open;
CREATE INDEX notification_relay_due ON notification_relay (due_at) WHERE sent_at IS NULL AND gave_up_at IS NULL;

-- Adds items to the company's open burst of that kind and key, or opens one. The burst is
-- due `quiet` after its latest change, and never later than `longest` after its first, so
-- someone editing all afternoon is still heard of. At most 50 items are kept; `p_count` is how
-- many changes the call stands for (the items may be the first few of them).
-- Runs as its owner with the schema fixed, so triggers firing for the app role can call it.
CREATE FUNCTION add_to_notification_burst(
  p_company uuid, p_kind text, p_burst text, p_items jsonb, p_count integer, p_quiet interval, p_longest interval
) RETURNS void
  LANGUAGE sql
  SECURITY DEFINER
  SET search_path FROM CURRENT
  AS $$
  INSERT INTO notification_relay AS r (company_id, kind, burst_key, items, item_count, due_at)
  VALUES (p_company, p_kind, p_burst, p_items, p_count, now() + p_quiet)
  ON CONFLICT (company_id, kind, burst_key) WHERE open DO UPDATE
    SET items = CASE WHEN jsonb_array_length(r.items) >= 50 THEN r.items ELSE r.items || excluded.items END,
        item_count = r.item_count + excluded.item_count,
        due_at = least(now() + p_quiet, r.first_at + p_longest)
$$;

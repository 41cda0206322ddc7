-- Slack allows about one message per second per channel. The spacing is kept in
-- the database, so it holds across restarts and across replicas: a channel's
-- turn is taken with a row lock by one worker at a time, and the next call to it
-- may start only after `next_at`.
--
-- Digest subscriptions: their rows wait for the digest hour and then go out as
-- one message. The row that is claimed carries the others (`digest_of` names it)
-- while it is being sent; they settle with it.

CREATE TABLE integrations.slack_channel_turns (
  company_id uuid NOT NULL,
  channel_id text NOT NULL,
  next_at timestamptz NOT NULL,
  PRIMARY KEY (company_id, channel_id)
);
ALTER TABLE integrations.slack_channel_turns ENABLE ROW LEVEL SECURITY;
ALTER TABLE integrations.slack_channel_turns FORCE ROW LEVEL SECURITY;
CREATE POLICY slack_channel_turns_tenant ON integrations.slack_channel_turns
  USING (company_id = (SELECT integrations.current_tenant()))
  WITH CHECK (company_id = (SELECT integrations.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE ON integrations.slack_channel_turns TO integrations_app;

-- The turns start where the old per-row record of calls left them.
INSERT INTO integrations.slack_channel_turns (company_id, channel_id, next_at)
SELECT company_id, channel_id, max(attempted_at) FROM integrations.slack_deliveries
 WHERE attempted_at IS NOT NULL GROUP BY company_id, channel_id;

ALTER TABLE integrations.slack_deliveries
  ADD COLUMN digest boolean NOT NULL DEFAULT false,
  ADD COLUMN digest_of uuid REFERENCES integrations.slack_deliveries (id) ON DELETE SET NULL;
CREATE INDEX slack_deliveries_digest_of_idx ON integrations.slack_deliveries (digest_of) WHERE digest_of IS NOT NULL;
CREATE INDEX slack_deliveries_channel_due_idx ON integrations.slack_deliveries (company_id, channel_id, created_at)
  WHERE status IN ('pending', 'sending');

DROP FUNCTION integrations.claim_deliveries(integer, integer);

-- Up to p_limit channels, one row each: a channel is taken only when its turn is
-- due and no other worker holds it; the turn is then held for the lease, and the
-- worker gives it back (with the spacing) once Slack answered. A row whose lease
-- ran out while `sending` may have reached Slack: `uncertain`.
CREATE FUNCTION integrations.claim_deliveries(p_limit integer, p_lease_seconds integer)
  RETURNS TABLE (delivery_id uuid, company_id uuid, channel_id text, lease_token uuid, uncertain boolean)
  LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
  DECLARE
    candidate record;
    taken integer := 0;
    lease interval := make_interval(secs => p_lease_seconds);
  BEGIN
    FOR candidate IN
      SELECT w.company_id AS cid, w.channel_id AS chid, min(w.created_at) AS oldest
        FROM integrations.slack_deliveries w
       WHERE w.digest_of IS NULL AND w.not_before <= now()
         AND (w.status = 'pending' OR (w.status = 'sending' AND w.lease_until < now()))
       GROUP BY w.company_id, w.channel_id
       ORDER BY oldest
    LOOP
      EXIT WHEN taken >= p_limit;
      INSERT INTO integrations.slack_channel_turns AS t (company_id, channel_id, next_at)
      VALUES (candidate.cid, candidate.chid, '-infinity') ON CONFLICT DO NOTHING;
      PERFORM 1 FROM integrations.slack_channel_turns t
        WHERE t.company_id = candidate.cid AND t.channel_id = candidate.chid AND t.next_at <= now()
        FOR UPDATE SKIP LOCKED;
      CONTINUE WHEN NOT FOUND;
      RETURN QUERY
        WITH due AS (
          SELECT w.id, w.status = 'sending' AS uncertain FROM integrations.slack_deliveries w
           WHERE w.company_id = candidate.cid AND w.channel_id = candidate.chid
             AND w.digest_of IS NULL AND w.not_before <= now()
             AND (w.status = 'pending' OR (w.status = 'sending' AND w.lease_until < now()))
           ORDER BY w.created_at, w.id LIMIT 1
           FOR UPDATE SKIP LOCKED)
        UPDATE integrations.slack_deliveries d
           SET status = 'sending', lease_until = now() + lease, lease_token = gen_random_uuid()
          FROM due WHERE d.id = due.id
        RETURNING d.id, d.company_id, d.channel_id, d.lease_token, due.uncertain;
      IF FOUND THEN
        UPDATE integrations.slack_channel_turns t SET next_at = now() + lease
         WHERE t.company_id = candidate.cid AND t.channel_id = candidate.chid;
        taken := taken + 1;
      END IF;
    END LOOP;
  END
  $$;

-- When the worker has something to do next: the earliest row that is due and
-- whose channel's turn has come.
CREATE OR REPLACE FUNCTION integrations.next_delivery_at() RETURNS timestamptz
  LANGUAGE sql STABLE SECURITY DEFINER SET search_path = pg_catalog, pg_temp
  AS $$
    SELECT min(greatest(CASE WHEN d.status = 'pending' THEN d.not_before ELSE d.lease_until END,
                        coalesce(t.next_at, '-infinity')))
      FROM integrations.slack_deliveries d
      LEFT JOIN integrations.slack_channel_turns t ON t.company_id = d.company_id AND t.channel_id = d.channel_id
     WHERE d.status IN ('pending', 'sending') AND d.digest_of IS NULL
  $$;

REVOKE ALL ON FUNCTION integrations.claim_deliveries(integer, integer) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION integrations.claim_deliveries(integer, integer) TO integrations_app;

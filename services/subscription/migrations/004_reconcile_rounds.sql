-- One reconciliation round per interval across every replica: a replica runs a round only if it
-- moved `next_round_at` past now itself (one row, claimed by a conditional update), so N replicas
-- do not each re-read every company from the provider.
CREATE TABLE subscription.reconcile_rounds (
  id integer PRIMARY KEY CHECK (id = 1),
  next_round_at timestamptz NOT NULL DEFAULT '-infinity'
);
INSERT INTO subscription.reconcile_rounds (id) VALUES (1);

-- Orders the syncs of one company without holding a transaction while the provider is read.
-- A sync takes the next ticket before it reads the provider, and its result is saved only
-- if no sync that started later was saved already: a read that started later has seen at
-- least as much of the provider's state. (Holding a transaction across the provider call
-- stalled the embedded database, which has one backend for every connection, and the
-- sandbox provider works on that same database.)
CREATE TABLE subscription.sync_tickets (
  company_id uuid PRIMARY KEY,
  issued bigint NOT NULL,
  applied bigint NOT NULL DEFAULT 0
);

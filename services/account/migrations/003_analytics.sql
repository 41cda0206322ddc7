-- Product analytics from our own collector, kept apart from account data in a schema of its own.
-- No personal data: ids are random per browser, IP addresses are stored shortened, and a user id
-- only for signed-in callers.
CREATE SCHEMA IF NOT EXISTS analytics;

CREATE TABLE analytics.events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  occurred_at timestamptz NOT NULL,
  kind text NOT NULL CHECK (kind IN ('page_view', 'engagement', 'event')),
  name text NOT NULL,
  path text NOT NULL,
  referrer_host text,
  visible_ms integer,
  scroll_depth smallint,
  properties jsonb NOT NULL DEFAULT '{}',
  device_id text NOT NULL,
  session_id text NOT NULL,
  user_id uuid,
  bucket smallint NOT NULL CHECK (bucket BETWEEN 0 AND 99),
  experiments jsonb NOT NULL DEFAULT '[]',
  utm jsonb NOT NULL DEFAULT '{}',
  ip_prefix text
);
CREATE INDEX events_occurred_at_idx ON analytics.events (occurred_at);
CREATE INDEX events_session_idx ON analytics.events (session_id, occurred_at);

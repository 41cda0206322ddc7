-- The assistant's conversations: threads belong to one member of one company
-- and only they read them (the queries filter by user; row security keeps the
-- company). Each answer keeps what it cited, the tool calls behind it, the
-- grounding check's result and whether a model or the offline answerer wrote it.

CREATE TABLE insights.assistant_threads (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  user_id uuid NOT NULL,
  title text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_threads_user_idx ON insights.assistant_threads (company_id, user_id, updated_at DESC);

CREATE TABLE insights.assistant_messages (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  thread_id uuid NOT NULL REFERENCES insights.assistant_threads (id) ON DELETE CASCADE,
  role text NOT NULL CHECK (role IN ('user', 'assistant')),
  content text NOT NULL,
  "references" jsonb NOT NULL DEFAULT '[]'::jsonb,
  tool_calls jsonb NOT NULL DEFAULT '[]'::jsonb,
  grounding jsonb,
  mode text CHECK (mode IN ('model', 'offline')),
  tokens integer NOT NULL DEFAULT 0,
  latency_ms integer,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX assistant_messages_thread_idx ON insights.assistant_messages (thread_id, created_at);
CREATE INDEX assistant_messages_company_idx ON insights.assistant_messages (company_id, created_at);

-- Per company: whether its admins switched the assistant off (no row: on).
CREATE TABLE insights.assistant_settings (
  company_id uuid PRIMARY KEY,
  enabled boolean NOT NULL,
  updated_by uuid,
  updated_at timestamptz NOT NULL DEFAULT now()
);

ALTER TABLE insights.assistant_threads ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.assistant_threads FORCE ROW LEVEL SECURITY;
ALTER TABLE insights.assistant_messages ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.assistant_messages FORCE ROW LEVEL SECURITY;
ALTER TABLE insights.assistant_settings ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.assistant_settings FORCE ROW LEVEL SECURITY;
CREATE POLICY assistant_threads_tenant ON insights.assistant_threads
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
CREATE POLICY assistant_messages_tenant ON insights.assistant_messages
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
CREATE POLICY assistant_settings_tenant ON insights.assistant_settings
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE
  ON insights.assistant_threads, insights.assistant_messages, insights.assistant_settings TO insights_app;

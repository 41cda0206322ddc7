-- What the assistant's model path needs: the company's glossary (its own words
-- for its terms, which the model always reads), and the results of queries the
-- assistant ran against the company's GA4 and Amplitude sources, kept so an
-- answer can cite them as `[[query:id]]` and the person who asked can open the
-- table. Tokens a model used are counted per answer in assistant_messages.

ALTER TABLE insights.assistant_settings
  ALTER COLUMN enabled SET DEFAULT true,
  ADD COLUMN glossary text NOT NULL DEFAULT '' CHECK (char_length(glossary) <= 4000);

CREATE TABLE insights.assistant_queries (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  user_id uuid NOT NULL,
  thread_id uuid NOT NULL REFERENCES insights.assistant_threads (id) ON DELETE CASCADE,
  -- A source removed later leaves the stored table readable.
  source_id uuid NOT NULL,
  kind text NOT NULL CHECK (kind IN ('ga4_run_report', 'amplitude_segmentation')),
  input jsonb NOT NULL,
  columns jsonb NOT NULL,
  rows jsonb NOT NULL,
  ran_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX assistant_queries_thread_idx ON insights.assistant_queries (thread_id);

ALTER TABLE insights.assistant_queries ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.assistant_queries FORCE ROW LEVEL SECURITY;
CREATE POLICY assistant_queries_tenant ON insights.assistant_queries
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
GRANT SELECT, INSERT, DELETE ON insights.assistant_queries TO insights_app;

-- A source query run by an MCP client belongs to no conversation: its stored
-- result is kept for the person whose token ran it, as a chat's is for the
-- person who asked.
ALTER TABLE insights.assistant_queries ALTER COLUMN thread_id DROP NOT NULL;

-- An upload sent again with the same Idempotency-Key (a client retrying after
-- a lost answer) gets the run of the first one instead of a second run that
-- would count every event twice. The key is per user; the request hash covers
-- the format asked for and the file's bytes, so the same key with another
-- file is refused.

ALTER TABLE insights.runs ADD COLUMN idempotency_key text;
ALTER TABLE insights.runs ADD COLUMN request_hash text;
CREATE UNIQUE INDEX runs_idempotency_idx ON insights.runs (company_id, created_by, idempotency_key)
  WHERE idempotency_key IS NOT NULL;

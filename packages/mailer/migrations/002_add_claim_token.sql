-- Each claim gets its own token: a worker only renews, finishes or fails the
-- rows it still holds, so a row taken over after a lost lease is never
-- written back by the worker that lost it.
ALTER TABLE outbox ADD COLUMN claim_token uuid;

-- A key claimed by work that calls other services (inviting a user) is stored before the work
-- runs, with no answer yet: a second request with the key then waits for nothing and gets 409,
-- and no transaction stays open while the other service is called.
ALTER TABLE account.idempotency_keys ALTER COLUMN response DROP NOT NULL;

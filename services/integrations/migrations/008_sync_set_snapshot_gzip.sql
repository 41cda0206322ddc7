-- A set's plan snapshot is kept gzip-compressed rather than as jsonb: a 10,000-event plan is some
-- 115 MB of JSON (about 5 MB compressed), which as jsonb ran past the statement timeout. Only sets
-- of several destinations keep it; a set of one records its plan version only.
ALTER TABLE integrations.destination_sync_sets DROP COLUMN snapshot;
ALTER TABLE integrations.destination_sync_sets ADD COLUMN snapshot_gzip bytea;

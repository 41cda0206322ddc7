-- Intentionally empty: kept free for the work in progress next to it (018); the kit wants migrations
-- numbered without gaps and the assistant's tables start at 020. Replace it with that work's migration.
SELECT 1;

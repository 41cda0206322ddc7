-- Intentionally empty: numbers up to 009 were set aside for the service's foundation and
-- discovery's migrations start at 010; the kit wants migrations numbered without gaps.
SELECT 1;

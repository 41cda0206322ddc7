-- Lists leave archived items out unless asked, and every page reports the
-- total: partial indexes on what a default list reads let both the page (by
-- name) and the count come from the index alone.
CREATE INDEX plan_attributes_live_name_idx ON company.plan_attributes (company_id, lower(name), id) WHERE status <> 'archived';
CREATE INDEX plan_events_live_name_idx ON company.plan_events (company_id, lower(name), id) WHERE status <> 'archived';
CREATE INDEX plan_views_live_name_idx ON company.plan_views (company_id, lower(name), id) WHERE status <> 'archived';

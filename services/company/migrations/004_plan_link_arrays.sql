-- Every read of an event or a view returns its links as JSON arrays. Built
-- per read (one correlated aggregate per row), they were most of the cost of
-- a list page and of an event's schema; kept on the owner's row instead, in
-- the exact form the reads built, they are read as they are. Triggers on the
-- link tables keep them current whatever writes the links (saves, imports,
-- the cascade of a deleted event), in the writing statement's transaction and
-- under its row security. Reads for viewers still build the attribute arrays,
-- as those leave out links to hidden attributes.

ALTER TABLE company.plan_events ADD COLUMN attribute_links json NOT NULL DEFAULT '[]'::json;
ALTER TABLE company.plan_views ADD COLUMN attribute_links json NOT NULL DEFAULT '[]'::json;
ALTER TABLE company.plan_views ADD COLUMN event_links json NOT NULL DEFAULT '[]'::json;

CREATE FUNCTION company.refresh_event_attribute_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE company.plan_events e
     SET attribute_links = coalesce((
           SELECT json_agg(json_strip_nulls(json_build_object('attributeId', l.attribute_id, 'presence', l.presence,
                    'validationOverride', l.validation_override)) ORDER BY l.position)
             FROM company.plan_event_attributes l WHERE l.company_id = e.company_id AND l.event_id = e.id), '[]'::json)
   WHERE (e.company_id, e.id) IN (SELECT DISTINCT company_id, event_id FROM changed_links);
  RETURN NULL;
END
$$;

CREATE FUNCTION company.refresh_view_attribute_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE company.plan_views v
     SET attribute_links = coalesce((
           SELECT json_agg(json_strip_nulls(json_build_object('attributeId', l.attribute_id, 'presence', l.presence,
                    'validationOverride', l.validation_override)) ORDER BY l.position)
             FROM company.plan_view_attributes l WHERE l.company_id = v.company_id AND l.view_id = v.id), '[]'::json)
   WHERE (v.company_id, v.id) IN (SELECT DISTINCT company_id, view_id FROM changed_links);
  RETURN NULL;
END
$$;

CREATE FUNCTION company.refresh_view_event_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE company.plan_views v
     SET event_links = coalesce((
           SELECT json_agg(json_strip_nulls(json_build_object('eventId', l.event_id, 'trigger', l.trigger, 'hotspot', l.hotspot)) ORDER BY l.position)
             FROM company.plan_view_events l WHERE l.company_id = v.company_id AND l.view_id = v.id), '[]'::json)
   WHERE (v.company_id, v.id) IN (SELECT DISTINCT company_id, view_id FROM changed_links);
  RETURN NULL;
END
$$;

-- One trigger per kind of change, each naming its changed rows the same way
-- (a trigger cannot name an old table for inserts nor a new one for deletes).
CREATE TRIGGER plan_event_attributes_inserted AFTER INSERT ON company.plan_event_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_event_attribute_links();
CREATE TRIGGER plan_event_attributes_updated AFTER UPDATE ON company.plan_event_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_event_attribute_links();
CREATE TRIGGER plan_event_attributes_deleted AFTER DELETE ON company.plan_event_attributes
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_event_attribute_links();

CREATE TRIGGER plan_view_attributes_inserted AFTER INSERT ON company.plan_view_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_view_attribute_links();
CREATE TRIGGER plan_view_attributes_updated AFTER UPDATE ON company.plan_view_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_view_attribute_links();
CREATE TRIGGER plan_view_attributes_deleted AFTER DELETE ON company.plan_view_attributes
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_view_attribute_links();

CREATE TRIGGER plan_view_events_inserted AFTER INSERT ON company.plan_view_events
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_view_event_links();
CREATE TRIGGER plan_view_events_updated AFTER UPDATE ON company.plan_view_events
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_view_event_links();
CREATE TRIGGER plan_view_events_deleted AFTER DELETE ON company.plan_view_events
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.refresh_view_event_links();

-- Links stored before this migration.
UPDATE company.plan_events e
   SET attribute_links = x.links
  FROM (SELECT company_id, event_id, json_agg(json_strip_nulls(json_build_object('attributeId', attribute_id, 'presence', presence,
               'validationOverride', validation_override)) ORDER BY position) AS links
          FROM company.plan_event_attributes GROUP BY company_id, event_id) x
 WHERE e.company_id = x.company_id AND e.id = x.event_id;
UPDATE company.plan_views v
   SET attribute_links = x.links
  FROM (SELECT company_id, view_id, json_agg(json_strip_nulls(json_build_object('attributeId', attribute_id, 'presence', presence,
               'validationOverride', validation_override)) ORDER BY position) AS links
          FROM company.plan_view_attributes GROUP BY company_id, view_id) x
 WHERE v.company_id = x.company_id AND v.id = x.view_id;
UPDATE company.plan_views v
   SET event_links = x.links
  FROM (SELECT company_id, view_id, json_agg(json_strip_nulls(json_build_object('eventId', event_id, 'trigger', trigger, 'hotspot', hotspot))
               ORDER BY position) AS links
          FROM company.plan_view_events GROUP BY company_id, view_id) x
 WHERE v.company_id = x.company_id AND v.id = x.view_id;

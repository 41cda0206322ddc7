-- Every read of an event or a view returns its links as JSON arrays. Built
-- per read (one aggregate over the links per row), they were most of the
-- cost of a list page and of an event's schema; kept ready per owner instead,
-- in the exact form the reads built, they are read with one key lookup.
-- They live beside the owners, not in their rows: search reads every row of
-- a company's events, and wider rows (rewritten on each link change) would
-- make that pass several times longer. Triggers on the link tables keep them
-- current whatever writes the links (saves, imports), in the writing
-- statement's transaction and under its row security; an owner's arrays go
-- with it (cascade). Reads for viewers still build the attribute arrays, as
-- those leave out links to hidden attributes.

CREATE TABLE company.plan_event_link_arrays (
  company_id uuid NOT NULL,
  event_id uuid NOT NULL,
  attribute_links json NOT NULL DEFAULT '[]'::json,
  PRIMARY KEY (company_id, event_id),
  FOREIGN KEY (company_id, event_id) REFERENCES company.plan_events (company_id, id) ON DELETE CASCADE
);

CREATE TABLE company.plan_view_link_arrays (
  company_id uuid NOT NULL,
  view_id uuid NOT NULL,
  attribute_links json NOT NULL DEFAULT '[]'::json,
  event_links json NOT NULL DEFAULT '[]'::json,
  PRIMARY KEY (company_id, view_id),
  FOREIGN KEY (company_id, view_id) REFERENCES company.plan_views (company_id, id) ON DELETE CASCADE
);

ALTER TABLE company.plan_event_link_arrays ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_event_link_arrays FORCE ROW LEVEL SECURITY;
ALTER TABLE company.plan_view_link_arrays ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_view_link_arrays FORCE ROW LEVEL SECURITY;
CREATE POLICY plan_event_link_arrays_tenant ON company.plan_event_link_arrays
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY plan_view_link_arrays_tenant ON company.plan_view_link_arrays
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
GRANT SELECT, INSERT, UPDATE, DELETE ON company.plan_event_link_arrays, company.plan_view_link_arrays TO company_app;

-- The owners named by the changed links, recomputed; an owner deleted in the
-- same statement (its links going by cascade) has nothing left to keep.
CREATE FUNCTION company.keep_event_attribute_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO company.plan_event_link_arrays AS k (company_id, event_id, attribute_links)
  SELECT c.company_id, c.event_id, coalesce((
           SELECT json_agg(json_strip_nulls(json_build_object('attributeId', l.attribute_id, 'presence', l.presence,
                    'validationOverride', l.validation_override)) ORDER BY l.position)
             FROM company.plan_event_attributes l WHERE l.company_id = c.company_id AND l.event_id = c.event_id), '[]'::json)
    FROM (SELECT DISTINCT company_id, event_id FROM changed_links) c
   WHERE EXISTS (SELECT 1 FROM company.plan_events e WHERE e.company_id = c.company_id AND e.id = c.event_id)
  ON CONFLICT (company_id, event_id) DO UPDATE SET attribute_links = excluded.attribute_links;
  RETURN NULL;
END
$$;

CREATE FUNCTION company.keep_view_attribute_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO company.plan_view_link_arrays AS k (company_id, view_id, attribute_links)
  SELECT c.company_id, c.view_id, coalesce((
           SELECT json_agg(json_strip_nulls(json_build_object('attributeId', l.attribute_id, 'presence', l.presence,
                    'validationOverride', l.validation_override)) ORDER BY l.position)
             FROM company.plan_view_attributes l WHERE l.company_id = c.company_id AND l.view_id = c.view_id), '[]'::json)
    FROM (SELECT DISTINCT company_id, view_id FROM changed_links) c
   WHERE EXISTS (SELECT 1 FROM company.plan_views v WHERE v.company_id = c.company_id AND v.id = c.view_id)
  ON CONFLICT (company_id, view_id) DO UPDATE SET attribute_links = excluded.attribute_links;
  RETURN NULL;
END
$$;

CREATE FUNCTION company.keep_view_event_links() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO company.plan_view_link_arrays AS k (company_id, view_id, event_links)
  SELECT c.company_id, c.view_id, coalesce((
           SELECT json_agg(json_strip_nulls(json_build_object('eventId', l.event_id, 'trigger', l.trigger, 'hotspot', l.hotspot)) ORDER BY l.position)
             FROM company.plan_view_events l WHERE l.company_id = c.company_id AND l.view_id = c.view_id), '[]'::json)
    FROM (SELECT DISTINCT company_id, view_id FROM changed_links) c
   WHERE EXISTS (SELECT 1 FROM company.plan_views v WHERE v.company_id = c.company_id AND v.id = c.view_id)
  ON CONFLICT (company_id, view_id) DO UPDATE SET event_links = excluded.event_links;
  RETURN NULL;
END
$$;

-- One trigger per kind of change, each naming its changed rows the same way
-- (a trigger cannot name an old table for inserts nor a new one for deletes).
CREATE TRIGGER plan_event_attributes_inserted AFTER INSERT ON company.plan_event_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_event_attribute_links();
CREATE TRIGGER plan_event_attributes_updated AFTER UPDATE ON company.plan_event_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_event_attribute_links();
CREATE TRIGGER plan_event_attributes_deleted AFTER DELETE ON company.plan_event_attributes
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_event_attribute_links();

CREATE TRIGGER plan_view_attributes_inserted AFTER INSERT ON company.plan_view_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_view_attribute_links();
CREATE TRIGGER plan_view_attributes_updated AFTER UPDATE ON company.plan_view_attributes
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_view_attribute_links();
CREATE TRIGGER plan_view_attributes_deleted AFTER DELETE ON company.plan_view_attributes
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_view_attribute_links();

CREATE TRIGGER plan_view_events_inserted AFTER INSERT ON company.plan_view_events
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_view_event_links();
CREATE TRIGGER plan_view_events_updated AFTER UPDATE ON company.plan_view_events
  REFERENCING NEW TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_view_event_links();
CREATE TRIGGER plan_view_events_deleted AFTER DELETE ON company.plan_view_events
  REFERENCING OLD TABLE AS changed_links FOR EACH STATEMENT EXECUTE FUNCTION company.keep_view_event_links();

-- Links stored before this migration.
INSERT INTO company.plan_event_link_arrays (company_id, event_id, attribute_links)
SELECT company_id, event_id, json_agg(json_strip_nulls(json_build_object('attributeId', attribute_id, 'presence', presence,
         'validationOverride', validation_override)) ORDER BY position)
  FROM company.plan_event_attributes GROUP BY company_id, event_id;
INSERT INTO company.plan_view_link_arrays (company_id, view_id, attribute_links)
SELECT company_id, view_id, json_agg(json_strip_nulls(json_build_object('attributeId', attribute_id, 'presence', presence,
         'validationOverride', validation_override)) ORDER BY position)
  FROM company.plan_view_attributes GROUP BY company_id, view_id;
INSERT INTO company.plan_view_link_arrays AS k (company_id, view_id, event_links)
SELECT company_id, view_id, json_agg(json_strip_nulls(json_build_object('eventId', event_id, 'trigger', trigger, 'hotspot', hotspot))
         ORDER BY position)
  FROM company.plan_view_events GROUP BY company_id, view_id
ON CONFLICT (company_id, view_id) DO UPDATE SET event_links = excluded.event_links;

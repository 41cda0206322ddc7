-- Maps: journeys over a company's views. A node places a view on the map
-- (once per map), an edge joins two nodes of the same map, optionally through
-- an event, and map-level attribute links are the inheritance layer between
-- system attributes and view attributes. Keys start with company_id like the
-- rest of the plan, so every reference stays within one company.

CREATE TABLE company.maps (
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL,
  description text NOT NULL DEFAULT '',
  layout text NOT NULL DEFAULT 'LR' CHECK (layout IN ('LR', 'TB')),
  status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'implemented', 'live', 'deprecated', 'archived')),
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX maps_name_idx ON company.maps (company_id, company.fold_name(name)) WHERE status <> 'archived';
CREATE INDEX maps_live_name_idx ON company.maps (company_id, lower(name), id) WHERE status <> 'archived';
CREATE INDEX maps_sort_name_idx ON company.maps (company_id, lower(name), id);
CREATE INDEX maps_updated_idx ON company.maps (company_id, updated_at, id);
CREATE INDEX maps_created_idx ON company.maps (company_id, created_at, id);

-- Like the other links: an attribute a map still links cannot be deleted (archive it instead).
CREATE TABLE company.map_attributes (
  company_id uuid NOT NULL,
  map_id uuid NOT NULL,
  attribute_id uuid NOT NULL,
  position integer NOT NULL,
  presence text NOT NULL CHECK (presence IN ('required', 'optional')),
  validation_override jsonb,
  PRIMARY KEY (company_id, map_id, attribute_id),
  FOREIGN KEY (company_id, map_id) REFERENCES company.maps (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, attribute_id) REFERENCES company.plan_attributes (company_id, id)
);
CREATE INDEX map_attributes_attribute_idx ON company.map_attributes (company_id, attribute_id);

-- A deleted view leaves the maps it was on, with the edges that touched it.
CREATE TABLE company.map_nodes (
  company_id uuid NOT NULL,
  map_id uuid NOT NULL,
  view_id uuid NOT NULL,
  position integer NOT NULL,
  x double precision NOT NULL,
  y double precision NOT NULL,
  PRIMARY KEY (company_id, map_id, view_id),
  FOREIGN KEY (company_id, map_id) REFERENCES company.maps (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, view_id) REFERENCES company.plan_views (company_id, id) ON DELETE CASCADE
);
CREATE INDEX map_nodes_view_idx ON company.map_nodes (company_id, view_id);

-- Both ends reference this map's nodes, so an edge cannot leave its map; a
-- deleted event leaves the edge in place without it.
CREATE TABLE company.map_edges (
  company_id uuid NOT NULL,
  map_id uuid NOT NULL,
  id uuid NOT NULL,
  position integer NOT NULL,
  from_view_id uuid NOT NULL,
  to_view_id uuid NOT NULL,
  event_id uuid,
  label text,
  PRIMARY KEY (company_id, map_id, id),
  FOREIGN KEY (company_id, map_id) REFERENCES company.maps (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, map_id, from_view_id) REFERENCES company.map_nodes (company_id, map_id, view_id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, map_id, to_view_id) REFERENCES company.map_nodes (company_id, map_id, view_id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, event_id) REFERENCES company.plan_events (company_id, id) ON DELETE SET NULL (event_id)
);
CREATE INDEX map_edges_event_idx ON company.map_edges (company_id, event_id) WHERE event_id IS NOT NULL;
CREATE INDEX map_edges_to_idx ON company.map_edges (company_id, map_id, to_view_id);
CREATE INDEX map_edges_from_idx ON company.map_edges (company_id, map_id, from_view_id);

-- History is kept for maps too.
ALTER TABLE company.plan_history DROP CONSTRAINT plan_history_entity_kind_check;
ALTER TABLE company.plan_history ADD CONSTRAINT plan_history_entity_kind_check
  CHECK (entity_kind IN ('attribute', 'event', 'view', 'map'));

ALTER TABLE company.maps ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.maps FORCE ROW LEVEL SECURITY;
ALTER TABLE company.map_attributes ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.map_attributes FORCE ROW LEVEL SECURITY;
ALTER TABLE company.map_nodes ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.map_nodes FORCE ROW LEVEL SECURITY;
ALTER TABLE company.map_edges ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.map_edges FORCE ROW LEVEL SECURITY;

-- The tenant as a sub-select: planned once per statement (an InitPlan), not called per row.
CREATE POLICY maps_tenant ON company.maps
  USING (company_id = (SELECT company.current_tenant())) WITH CHECK (company_id = (SELECT company.current_tenant()));
CREATE POLICY map_attributes_tenant ON company.map_attributes
  USING (company_id = (SELECT company.current_tenant())) WITH CHECK (company_id = (SELECT company.current_tenant()));
CREATE POLICY map_nodes_tenant ON company.map_nodes
  USING (company_id = (SELECT company.current_tenant())) WITH CHECK (company_id = (SELECT company.current_tenant()));
CREATE POLICY map_edges_tenant ON company.map_edges
  USING (company_id = (SELECT company.current_tenant())) WITH CHECK (company_id = (SELECT company.current_tenant()));

GRANT SELECT, INSERT, UPDATE, DELETE ON company.maps, company.map_attributes, company.map_nodes, company.map_edges TO company_app;

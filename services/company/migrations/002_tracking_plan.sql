-- The tracking plan: attributes, events, views, the links between them and
-- the history of every change. Every key starts with company_id, so ids that
-- arrive in an imported file can never collide with another tenant's, and
-- every foreign key stays within one company.

-- Names are unique after folding case and separators ("order_id", "orderId"
-- and "Order ID" are one name); the service folds the same way.
CREATE FUNCTION company.fold_name(name text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT lower(regexp_replace(name, '[\s_.-]+', '', 'g')) $$;

CREATE TABLE company.plan_attributes (
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL,
  display_name text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  scope text NOT NULL CHECK (scope IN ('event', 'user', 'view', 'system', 'group')),
  type text NOT NULL CHECK (type IN ('string', 'integer', 'number', 'boolean', 'datetime', 'object', 'array', 'any')),
  item_type text,
  validation jsonb NOT NULL DEFAULT '{"kind":"none"}'::jsonb,
  origin text NOT NULL DEFAULT '',
  exposed boolean NOT NULL DEFAULT true,
  nullable boolean NOT NULL DEFAULT false,
  pii boolean NOT NULL DEFAULT false,
  tags text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'implemented', 'live', 'deprecated', 'archived')),
  owners text[] NOT NULL DEFAULT '{}',
  -- Lower-cased name, display name, description and tags: what list search matches.
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX plan_attributes_name_idx ON company.plan_attributes (company_id, scope, company.fold_name(name)) WHERE status <> 'archived';
CREATE INDEX plan_attributes_sort_name_idx ON company.plan_attributes (company_id, lower(name), id);
CREATE INDEX plan_attributes_updated_idx ON company.plan_attributes (company_id, updated_at, id);
CREATE INDEX plan_attributes_created_idx ON company.plan_attributes (company_id, created_at, id);
CREATE INDEX plan_attributes_scope_idx ON company.plan_attributes (company_id, scope);

CREATE TABLE company.plan_events (
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL,
  display_name text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  kind text NOT NULL DEFAULT 'track' CHECK (kind IN ('track', 'page', 'screen', 'identify', 'group')),
  category text NOT NULL DEFAULT '',
  tags text[] NOT NULL DEFAULT '{}',
  owners text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'implemented', 'live', 'deprecated', 'archived')),
  trigger text NOT NULL DEFAULT '',
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX plan_events_name_idx ON company.plan_events (company_id, company.fold_name(name)) WHERE status <> 'archived';
CREATE INDEX plan_events_sort_name_idx ON company.plan_events (company_id, lower(name), id);
CREATE INDEX plan_events_updated_idx ON company.plan_events (company_id, updated_at, id);
CREATE INDEX plan_events_created_idx ON company.plan_events (company_id, created_at, id);

CREATE TABLE company.plan_views (
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  id uuid NOT NULL,
  name text NOT NULL,
  display_name text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  type text NOT NULL DEFAULT 'page' CHECK (type IN ('page', 'screen', 'modal')),
  url_pattern text NOT NULL DEFAULT '',
  screenshot_url text,
  tags text[] NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'implemented', 'live', 'deprecated', 'archived')),
  search_text text NOT NULL DEFAULT '',
  version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, id)
);
CREATE UNIQUE INDEX plan_views_name_idx ON company.plan_views (company_id, company.fold_name(name)) WHERE status <> 'archived';
CREATE INDEX plan_views_sort_name_idx ON company.plan_views (company_id, lower(name), id);
CREATE INDEX plan_views_updated_idx ON company.plan_views (company_id, updated_at, id);
CREATE INDEX plan_views_created_idx ON company.plan_views (company_id, created_at, id);

-- Links keep the order they were given in (position), so exports round-trip.
-- An attribute that is still linked cannot be deleted (no cascade): archive it instead.
CREATE TABLE company.plan_event_attributes (
  company_id uuid NOT NULL,
  event_id uuid NOT NULL,
  attribute_id uuid NOT NULL,
  position integer NOT NULL,
  presence text NOT NULL CHECK (presence IN ('required', 'optional')),
  validation_override jsonb,
  PRIMARY KEY (company_id, event_id, attribute_id),
  FOREIGN KEY (company_id, event_id) REFERENCES company.plan_events (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, attribute_id) REFERENCES company.plan_attributes (company_id, id)
);
CREATE INDEX plan_event_attributes_attribute_idx ON company.plan_event_attributes (company_id, attribute_id);

CREATE TABLE company.plan_view_attributes (
  company_id uuid NOT NULL,
  view_id uuid NOT NULL,
  attribute_id uuid NOT NULL,
  position integer NOT NULL,
  presence text NOT NULL CHECK (presence IN ('required', 'optional')),
  validation_override jsonb,
  PRIMARY KEY (company_id, view_id, attribute_id),
  FOREIGN KEY (company_id, view_id) REFERENCES company.plan_views (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, attribute_id) REFERENCES company.plan_attributes (company_id, id)
);
CREATE INDEX plan_view_attributes_attribute_idx ON company.plan_view_attributes (company_id, attribute_id);

CREATE TABLE company.plan_view_events (
  company_id uuid NOT NULL,
  view_id uuid NOT NULL,
  event_id uuid NOT NULL,
  position integer NOT NULL,
  trigger text,
  hotspot jsonb,
  PRIMARY KEY (company_id, view_id, event_id),
  FOREIGN KEY (company_id, view_id) REFERENCES company.plan_views (company_id, id) ON DELETE CASCADE,
  FOREIGN KEY (company_id, event_id) REFERENCES company.plan_events (company_id, id) ON DELETE CASCADE
);
CREATE INDEX plan_view_events_event_idx ON company.plan_view_events (company_id, event_id);

-- Who changed what and when, per entity; entries outlive deleted entities.
CREATE TABLE company.plan_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  entity_kind text NOT NULL CHECK (entity_kind IN ('attribute', 'event', 'view')),
  entity_id uuid NOT NULL,
  action text NOT NULL CHECK (action IN ('created', 'updated', 'archived', 'restored', 'deleted', 'imported')),
  actor_user_id uuid,
  version integer NOT NULL,
  changes jsonb NOT NULL DEFAULT '[]'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX plan_history_entity_idx ON company.plan_history (company_id, entity_kind, entity_id, id DESC);

-- Substring search through trigram indexes where pg_trgm can be installed;
-- elsewhere (the embedded database, a role without the right) search scans
-- the company's rows, which stays within target at the plan sizes we serve.
DO $$
BEGIN
  BEGIN
    CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
  EXCEPTION WHEN OTHERS THEN
    RAISE NOTICE 'pg_trgm unavailable; search uses sequential scans';
  END;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    EXECUTE 'CREATE INDEX plan_attributes_search_idx ON company.plan_attributes USING gin (search_text gin_trgm_ops)';
    EXECUTE 'CREATE INDEX plan_events_search_idx ON company.plan_events USING gin (search_text gin_trgm_ops)';
    EXECUTE 'CREATE INDEX plan_views_search_idx ON company.plan_views USING gin (search_text gin_trgm_ops)';
  END IF;
END
$$;

ALTER TABLE company.plan_attributes ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_attributes FORCE ROW LEVEL SECURITY;
ALTER TABLE company.plan_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_events FORCE ROW LEVEL SECURITY;
ALTER TABLE company.plan_views ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_views FORCE ROW LEVEL SECURITY;
ALTER TABLE company.plan_event_attributes ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_event_attributes FORCE ROW LEVEL SECURITY;
ALTER TABLE company.plan_view_attributes ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_view_attributes FORCE ROW LEVEL SECURITY;
ALTER TABLE company.plan_view_events ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_view_events FORCE ROW LEVEL SECURITY;
ALTER TABLE company.plan_history ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_history FORCE ROW LEVEL SECURITY;

CREATE POLICY plan_attributes_tenant ON company.plan_attributes
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY plan_events_tenant ON company.plan_events
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY plan_views_tenant ON company.plan_views
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY plan_event_attributes_tenant ON company.plan_event_attributes
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY plan_view_attributes_tenant ON company.plan_view_attributes
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY plan_view_events_tenant ON company.plan_view_events
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY plan_history_tenant ON company.plan_history
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());

GRANT EXECUTE ON FUNCTION company.fold_name(text) TO company_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON company.plan_attributes, company.plan_events, company.plan_views,
  company.plan_event_attributes, company.plan_view_attributes, company.plan_view_events TO company_app;
GRANT SELECT, INSERT ON company.plan_history TO company_app;

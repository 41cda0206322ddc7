-- Proposals: named change-sets of the tracking plan, reviewed and merged into it.
--
-- A proposal's plan lives in a workspace: a companies row of its own (proposal_of names the
-- company), holding a copy of the plan taken when the proposal opened. Every plan table,
-- repository and use case already works per company id, so editing inside a proposal is
-- the same code acting on the workspace's id. Workspaces have no members, so they are in
-- nobody's company list; they go with their company.
ALTER TABLE company.companies ADD COLUMN proposal_of uuid REFERENCES company.companies (id) ON DELETE CASCADE;
CREATE INDEX companies_proposal_of_idx ON company.companies (proposal_of) WHERE proposal_of IS NOT NULL;

-- The plan as a native file at each point proposals start from and merges end at.
CREATE TABLE company.plan_versions (
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version >= 1),
  plan jsonb NOT NULL,
  -- The merged proposal that made this version; null for the live plan as a proposal found it.
  proposal_id uuid,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (company_id, version)
);

CREATE TABLE company.proposals (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  workspace_id uuid NOT NULL UNIQUE,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'ready_for_review', 'changes_requested', 'approved', 'merged', 'closed')),
  author_id uuid NOT NULL,
  base_version integer NOT NULL,
  -- Conflicts the author settled, kept until the merge: [{ kind, id, field, take }].
  resolutions jsonb NOT NULL DEFAULT '[]'::jsonb,
  merged_version integer,
  -- An owner merged without the approvals the company asks for.
  emergency boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  FOREIGN KEY (company_id, base_version) REFERENCES company.plan_versions (company_id, version)
);
CREATE INDEX proposals_company_idx ON company.proposals (company_id, created_at DESC, id);
ALTER TABLE company.plan_versions
  ADD FOREIGN KEY (proposal_id) REFERENCES company.proposals (id) ON DELETE SET NULL DEFERRABLE INITIALLY DEFERRED;

CREATE TABLE company.proposal_reviews (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  proposal_id uuid NOT NULL REFERENCES company.proposals (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  decision text NOT NULL CHECK (decision IN ('approve', 'request_changes')),
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX proposal_reviews_proposal_idx ON company.proposal_reviews (proposal_id, id);

-- History written by a merge names the proposal it came from.
ALTER TABLE company.plan_history ADD COLUMN proposal_id uuid;

ALTER TABLE company.plan_versions ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.plan_versions FORCE ROW LEVEL SECURITY;
ALTER TABLE company.proposals ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.proposals FORCE ROW LEVEL SECURITY;
ALTER TABLE company.proposal_reviews ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.proposal_reviews FORCE ROW LEVEL SECURITY;
CREATE POLICY plan_versions_tenant ON company.plan_versions
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY proposals_tenant ON company.proposals
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY proposal_reviews_tenant ON company.proposal_reviews
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
GRANT SELECT, INSERT ON company.plan_versions TO company_app;
GRANT SELECT, INSERT, UPDATE ON company.proposals TO company_app;
GRANT SELECT, INSERT ON company.proposal_reviews TO company_app;

-- A company's settings reach its open proposals' workspaces (lint and inheritance inside a
-- proposal follow the company's), and their kept plan reads are dropped as the company's are.
CREATE POLICY companies_proposal_workspaces ON company.companies
  USING (proposal_of = company.current_tenant()) WITH CHECK (proposal_of = company.current_tenant());

CREATE FUNCTION company.copy_settings_to_workspaces() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    UPDATE company.companies SET settings = NEW.settings WHERE proposal_of = NEW.id;
    RETURN NULL;
  END
  $$;
CREATE TRIGGER companies_settings_to_workspaces AFTER UPDATE OF settings ON company.companies
  FOR EACH ROW WHEN (OLD.settings IS DISTINCT FROM NEW.settings AND NEW.proposal_of IS NULL)
  EXECUTE FUNCTION company.copy_settings_to_workspaces();

-- Edits inside a proposal are not plan changes to tell Slack about: only the merge is.
CREATE OR REPLACE FUNCTION company.gather_plan_change_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM company.add_to_notification_burst(
      b.company_id, 'plan_changed', b.burst,
      coalesce(jsonb_agg(b.item ORDER BY b.id) FILTER (WHERE b.n <= 50), '[]'::jsonb), count(*)::int,
      interval '60 seconds', interval '10 minutes')
    FROM (
      SELECT h.id, h.company_id,
             coalesce(h.actor_user_id::text, h.actor) AS burst,
             row_number() OVER (PARTITION BY h.company_id, coalesce(h.actor_user_id::text, h.actor) ORDER BY h.id) AS n,
             jsonb_build_object(
               'entity', h.entity_kind, 'id', h.entity_id, 'action', h.action, 'actor', h.actor,
               'userId', h.actor_user_id, 'name', coalesce(a.name, e.name, v.name)) AS item
        FROM changed h
        LEFT JOIN company.plan_attributes a ON h.entity_kind = 'attribute' AND a.company_id = h.company_id AND a.id = h.entity_id
        LEFT JOIN company.plan_events e ON h.entity_kind = 'event' AND e.company_id = h.company_id AND e.id = h.entity_id
        LEFT JOIN company.plan_views v ON h.entity_kind = 'view' AND v.company_id = h.company_id AND v.id = h.entity_id
       WHERE NOT EXISTS (SELECT 1 FROM company.companies w WHERE w.id = h.company_id AND w.proposal_of IS NOT NULL)
    ) b
    GROUP BY b.company_id, b.burst;
    RETURN NULL;
  END
  $$;

-- Reviewers an author asks by name, and comments on a proposal or on one of its items.
CREATE TABLE company.proposal_reviewers (
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  proposal_id uuid NOT NULL REFERENCES company.proposals (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  requested_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (proposal_id, user_id)
);

CREATE TABLE company.proposal_comments (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL REFERENCES company.companies (id) ON DELETE CASCADE,
  proposal_id uuid NOT NULL REFERENCES company.proposals (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  body text NOT NULL CHECK (length(btrim(body)) BETWEEN 1 AND 5000),
  -- Set together when the comment is about one item of the proposal's plan.
  entity_kind text CHECK (entity_kind IN ('attribute', 'event', 'view', 'map')),
  entity_id uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((entity_kind IS NULL) = (entity_id IS NULL))
);
CREATE INDEX proposal_comments_proposal_idx ON company.proposal_comments (proposal_id, created_at, id);

ALTER TABLE company.proposal_reviewers ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.proposal_reviewers FORCE ROW LEVEL SECURITY;
ALTER TABLE company.proposal_comments ENABLE ROW LEVEL SECURITY;
ALTER TABLE company.proposal_comments FORCE ROW LEVEL SECURITY;
CREATE POLICY proposal_reviewers_tenant ON company.proposal_reviewers
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
CREATE POLICY proposal_comments_tenant ON company.proposal_comments
  USING (company_id = company.current_tenant()) WITH CHECK (company_id = company.current_tenant());
GRANT SELECT, INSERT, DELETE ON company.proposal_reviewers TO company_app;
GRANT SELECT, INSERT ON company.proposal_comments TO company_app;

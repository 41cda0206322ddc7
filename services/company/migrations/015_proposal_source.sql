-- Who opened a proposal: a person, or analytics discovery on an editor's behalf (when the
-- company makes changes through proposals, discovery's additions gather in the newest
-- draft it opened instead of the live plan), or the assistant on an editor's request.
ALTER TABLE company.proposals
  ADD COLUMN source text NOT NULL DEFAULT 'person' CHECK (source IN ('person', 'discovery', 'assistant'));
CREATE INDEX proposals_open_by_source_idx ON company.proposals (company_id, source, created_at DESC) WHERE status = 'draft';

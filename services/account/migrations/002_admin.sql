-- The product-admin area: the public roadmap, a log of every admin action,
-- and a triage status on support messages.

CREATE TABLE account.roadmap_items (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  title text NOT NULL CHECK (length(btrim(title)) BETWEEN 1 AND 200),
  description text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'planned' CHECK (status IN ('planned', 'in_progress', 'shipped')),
  position integer NOT NULL DEFAULT 0,
  published boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX roadmap_items_published_idx ON account.roadmap_items (position, created_at) WHERE published;

-- Who did what to whom and when; written in the transaction of the action when
-- the action is this service's own, right after it otherwise.
CREATE TABLE account.admin_audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  actor_user_id uuid NOT NULL,
  actor_email text NOT NULL,
  action text NOT NULL,
  target_type text NOT NULL,
  target_id text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX admin_audit_log_created_idx ON account.admin_audit_log (created_at DESC, id DESC);

ALTER TABLE account.bug_reports ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'triaged', 'closed'));
ALTER TABLE account.feedback ADD COLUMN status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'triaged', 'closed'));
CREATE INDEX bug_reports_created_idx ON account.bug_reports (created_at DESC);
CREATE INDEX feedback_created_idx ON account.feedback (created_at DESC);
CREATE INDEX leads_created_idx ON account.leads (created_at DESC);

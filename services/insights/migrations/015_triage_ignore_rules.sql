-- Ignore rules: an editor ignores a finding and says how far the decision reaches:
-- that very finding (its fingerprint; "mark expected"), every finding about its
-- event, or every finding about its property on any event. Rules outlive
-- judgements: a finding a rule covers is stored ignored when a judgement raises
-- it for the first time or raises it again after it was resolved, whichever code
-- path judges, which is why the rule is applied here, where findings are written.
-- A finding someone reopens by hand stays open until it is resolved.

CREATE TABLE insights.ignore_rules (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  rule text NOT NULL CHECK (rule IN ('this', 'event', 'property-everywhere')),
  fingerprint text,
  event_name text,
  property text,
  note text NOT NULL DEFAULT '',
  created_by uuid,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (
    (rule = 'this' AND fingerprint IS NOT NULL)
    OR (rule = 'event' AND event_name IS NOT NULL)
    OR (rule = 'property-everywhere' AND property IS NOT NULL)
  )
);
CREATE INDEX ignore_rules_company_idx ON insights.ignore_rules (company_id);

ALTER TABLE insights.ignore_rules ENABLE ROW LEVEL SECURITY;
ALTER TABLE insights.ignore_rules FORCE ROW LEVEL SECURITY;
CREATE POLICY ignore_rules_tenant ON insights.ignore_rules
  USING (company_id = (SELECT insights.current_tenant()))
  WITH CHECK (company_id = (SELECT insights.current_tenant()));
GRANT SELECT, INSERT, UPDATE, DELETE ON insights.ignore_rules TO insights_app;

-- Whether a rule of the company covers a finding (type, subject) with this fingerprint.
CREATE FUNCTION insights.ignored_by_rule(p_company uuid, p_fingerprint text, p_subject jsonb) RETURNS boolean
  LANGUAGE sql STABLE
  AS $$
    SELECT EXISTS (
      SELECT 1 FROM insights.ignore_rules r
       WHERE r.company_id = p_company
         AND ((r.rule = 'this' AND r.fingerprint = p_fingerprint)
           OR (r.rule = 'event' AND r.event_name = p_subject->>'event')
           OR (r.rule = 'property-everywhere' AND r.property = p_subject->>'property')))
  $$;

CREATE FUNCTION insights.apply_ignore_rules() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF NEW.state = 'open' AND (TG_OP = 'INSERT' OR OLD.state = 'resolved')
       AND insights.ignored_by_rule(NEW.company_id, NEW.fingerprint, NEW.subject) THEN
      NEW.state := 'ignored';
    END IF;
    RETURN NEW;
  END
  $$;

CREATE TRIGGER findings_ignore_rules BEFORE INSERT OR UPDATE OF state ON insights.findings
  FOR EACH ROW EXECUTE FUNCTION insights.apply_ignore_rules();

-- Proposals are told to the integrations service (Slack) through company.notification_relay,
-- in the transaction that changes them (migration 010 explains the relay).
--
-- Every status change but a return to draft is one message of its own (its burst key is
-- unique, due at once): who moved it is the transaction's user. Reviewers asked in one
-- request gather into one message (a burst per proposal, quiet for five seconds); asking
-- someone already asked inserts nothing, so tells nothing again.

CREATE FUNCTION company.gather_proposal_status_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM company.add_to_notification_burst(
      NEW.company_id, 'proposal_status', NEW.id::text || ':' || gen_random_uuid()::text,
      jsonb_build_array(jsonb_build_object(
        'proposalId', NEW.id, 'name', NEW.name, 'from', OLD.status, 'status', NEW.status,
        'authorId', NEW.author_id, 'emergency', NEW.emergency, 'mergedVersion', NEW.merged_version,
        'userId', company.current_app_user())),
      1, interval '0 seconds', interval '0 seconds');
    RETURN NULL;
  END
  $$;

CREATE TRIGGER proposals_notify_status AFTER UPDATE OF status ON company.proposals
  FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.status <> 'draft')
  EXECUTE FUNCTION company.gather_proposal_status_notification();

CREATE FUNCTION company.gather_review_request_notification() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    PERFORM company.add_to_notification_burst(
      r.company_id, 'review_requested', r.proposal_id::text,
      jsonb_agg(jsonb_build_object(
        'proposalId', r.proposal_id, 'name', p.name, 'userId', r.user_id, 'requestedBy', r.requested_by)
        ORDER BY r.user_id),
      count(*)::int, interval '5 seconds', interval '1 minute')
    FROM changed r
    JOIN company.proposals p ON p.company_id = r.company_id AND p.id = r.proposal_id
    GROUP BY r.company_id, r.proposal_id;
    RETURN NULL;
  END
  $$;

CREATE TRIGGER proposal_reviewers_notify AFTER INSERT ON company.proposal_reviewers
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION company.gather_review_request_notification();

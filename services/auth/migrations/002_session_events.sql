-- Other services keep sessions they found active in memory and must hear at
-- once when one ends. Every way a session ends or changes (logout, "end
-- other sessions", password change, ban, refresh-token reuse, deleting the
-- user, a second factor turned on or off) goes through these tables, so the
-- announcement is made here, in the same transaction: it is delivered when,
-- and only if, the change commits. Payloads are space-separated tags; the
-- channel name is shared with the service kit's session cache.

CREATE FUNCTION auth.announce_session_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_session_events', 'session:' || OLD.id::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER sessions_announce_end AFTER DELETE ON auth.sessions
  FOR EACH ROW EXECUTE FUNCTION auth.announce_session_change();
CREATE TRIGGER sessions_announce_change AFTER UPDATE OF user_id, not_after ON auth.sessions
  FOR EACH ROW WHEN (OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.not_after > NEW.not_after)
  EXECUTE FUNCTION auth.announce_session_change();

-- A verified factor makes every session of the user require the second step.
CREATE FUNCTION auth.announce_factor_change() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status = 'verified' THEN PERFORM pg_notify('auth_session_events', 'user:' || NEW.user_id::text); END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.status = 'verified' THEN PERFORM pg_notify('auth_session_events', 'user:' || OLD.user_id::text); END IF;
  ELSIF OLD.status IS DISTINCT FROM NEW.status AND 'verified' IN (OLD.status, NEW.status) THEN
    PERFORM pg_notify('auth_session_events', 'user:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER mfa_factors_announce AFTER INSERT OR UPDATE OF status OR DELETE ON auth.mfa_factors
  FOR EACH ROW EXECUTE FUNCTION auth.announce_factor_change();

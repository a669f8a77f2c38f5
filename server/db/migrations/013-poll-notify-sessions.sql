-- Logout, refresh-token reuse and a password change revoke refresh tokens; an access token names its
-- session (sid), and the poll from memory (poll-cache.ts) keeps the sessions it saw unrevoked per
-- teacher. Tell every process to forget that teacher when one of her sessions is revoked, so a
-- logged-out token is refused on the next poll, on every process (as migration 012 does for users).
CREATE FUNCTION notify_poll_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    PERFORM pg_notify('poll_cache', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER poll_refresh_tokens AFTER UPDATE OF revoked_at ON refresh_tokens
  FOR EACH ROW EXECUTE FUNCTION notify_poll_session();

-- The 5 s poll is answered from each API process's memory (server/routes/poll-cache.ts): the caller's
-- row, her feed's class and read watermark, and each class's feed_version. These triggers tell every
-- process, through NOTIFY on channel poll_cache (sent at commit, in commit order), what to forget:
--   u:<user id>          that user's row, memberships or read watermarks changed
--   f:<class>:<version>  a class's feed_version moved on (migration 006 bumps it)
--   *                    a class was added, removed, or changed school or main teacher: forget all
-- Any writer (routes, jobs, a DBA's UPDATE) is covered, as with the feed version itself.
CREATE FUNCTION notify_poll_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('poll_cache', 'u:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_notify('poll_cache', 'u:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER poll_users AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_poll_user('id');
CREATE TRIGGER poll_memberships AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION notify_poll_user('user_id');
CREATE TRIGGER poll_activity_reads AFTER INSERT OR UPDATE OR DELETE ON activity_reads
  FOR EACH ROW EXECUTE FUNCTION notify_poll_user('user_id');

CREATE FUNCTION notify_poll_classroom() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.organisation_id = OLD.organisation_id AND NEW.main_teacher_id IS NOT DISTINCT FROM OLD.main_teacher_id THEN
    IF NEW.feed_version <> OLD.feed_version THEN
      PERFORM pg_notify('poll_cache', 'f:' || NEW.id || ':' || NEW.feed_version);
    END IF;
  ELSE
    PERFORM pg_notify('poll_cache', '*');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER poll_classrooms AFTER INSERT OR UPDATE OR DELETE ON classrooms
  FOR EACH ROW EXECUTE FUNCTION notify_poll_classroom();

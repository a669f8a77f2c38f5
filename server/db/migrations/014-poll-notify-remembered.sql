-- The process that commits a change must forget it in its own memory before it answers (a poll right
-- after a logout, a refresh-token reuse or a deactivation must be refused). PostgreSQL hands a
-- connection its own notifications before the COMMIT's answer only most of the time: with other
-- notifying transactions in the cluster they can come a moment later (seen: 1 run in 6 with another
-- database notifying in a loop). So every poll_cache notification is also remembered in the
-- transaction (a transaction-local setting, gone at its end), and the commit of server/db/database.ts
-- reads it in the same round trip as COMMIT and hands it on once COMMIT has succeeded.
CREATE FUNCTION notify_remembered(channel text, payload text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(channel, payload);
  PERFORM set_config('notified.' || channel, coalesce(current_setting('notified.' || channel, true), '') || payload || E'\n', true);
END $$;

CREATE OR REPLACE FUNCTION notify_poll_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM notify_remembered('poll_cache', 'u:' || (to_jsonb(OLD) ->> TG_ARGV[0]));
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM notify_remembered('poll_cache', 'u:' || (to_jsonb(NEW) ->> TG_ARGV[0]));
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION notify_poll_classroom() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.organisation_id = OLD.organisation_id AND NEW.main_teacher_id IS NOT DISTINCT FROM OLD.main_teacher_id THEN
    IF NEW.feed_version <> OLD.feed_version THEN
      PERFORM notify_remembered('poll_cache', 'f:' || NEW.id || ':' || NEW.feed_version);
    END IF;
  ELSE
    PERFORM notify_remembered('poll_cache', '*');
  END IF;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION notify_poll_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    PERFORM notify_remembered('poll_cache', 'u:' || NEW.user_id);
  END IF;
  RETURN NULL;
END $$;

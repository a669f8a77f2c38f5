-- Issue 29.4/29.8/29.9: a stored answer is scoped to the school it was made in and remembers what it
-- answered (the endpoint and a hash of the request), so a key reused for another request is refused
-- and a key used in school 1 never replays school-1 data in school 2. Rows expire (registry.ts
-- IDEMPOTENCY_DAYS) and the retention job (server/jobs/retention.ts) deletes them.
ALTER TABLE idempotency_keys ADD COLUMN organisation_id integer NOT NULL DEFAULT 0;
ALTER TABLE idempotency_keys ADD COLUMN request_hash text;
ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey;
ALTER TABLE idempotency_keys ADD PRIMARY KEY (user_id, organisation_id, key);
CREATE INDEX idempotency_keys_created ON idempotency_keys (created_at);
CREATE INDEX refresh_tokens_expires ON refresh_tokens (expires_at);
CREATE INDEX error_reports_created ON error_reports (created_at);

-- Deleting a person deletes the stored answers about her (29.4): a replayed key must not return a
-- deleted student's name or e-mail. Answers are matched on her e-mail address or name as a JSON
-- string; an unrelated answer that happens to hold the same name goes too, which costs only a replay.
CREATE FUNCTION forget_deleted_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM idempotency_keys k USING gone g
   WHERE k.response IS NOT NULL
     AND (strpos(k.response::text, to_jsonb(g.email)::text) > 0 OR (length(g.name) > 0 AND strpos(k.response::text, to_jsonb(g.name)::text) > 0));
  RETURN NULL;
END $$;
CREATE TRIGGER users_forget_answers AFTER DELETE ON users REFERENCING OLD TABLE AS gone
  FOR EACH STATEMENT EXECUTE FUNCTION forget_deleted_users();

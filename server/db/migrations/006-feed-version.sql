-- The dashboard polls its class's activity feed every 5 s per open dashboard. classrooms.feed_version
-- changes in the same transaction as every change that alters what that feed shows, so a poll can
-- compare it with the client's ETag (one primary-key read) instead of running the feed query.
-- Triggers rather than calls in each route: every writer (routes, jobs, seed, a DBA's UPDATE) bumps it,
-- and a route added later cannot forget to. Statement-level with transition tables, so a bulk insert
-- or cascade bumps each class once, not once per row.
ALTER TABLE classrooms ADD COLUMN feed_version bigint NOT NULL DEFAULT 0;
-- One sequence for all classes: a version never repeats, not even for a deleted and re-created row.
CREATE SEQUENCE feed_version_seq;

CREATE FUNCTION bump_feed_versions(rooms integer[]) RETURNS void LANGUAGE sql AS $$
  UPDATE classrooms SET feed_version = nextval('feed_version_seq') WHERE id = ANY(rooms)
$$;

-- New, removed (also by cascade) or moved activities.
CREATE FUNCTION feed_activities_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM bump_feed_versions(ARRAY(SELECT DISTINCT classroom_id FROM new_rows WHERE classroom_id IS NOT NULL));
  END IF;
  IF TG_OP IN ('DELETE', 'UPDATE') THEN
    PERFORM bump_feed_versions(ARRAY(SELECT DISTINCT classroom_id FROM old_rows WHERE classroom_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER feed_activities_inserted AFTER INSERT ON activities
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_activities_changed();
CREATE TRIGGER feed_activities_updated AFTER UPDATE ON activities
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_activities_changed();
CREATE TRIGGER feed_activities_deleted AFTER DELETE ON activities
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_activities_changed();

-- A decision, withdrawal or stored expiry of a check request changes the status its row shows.
CREATE FUNCTION feed_check_requests_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_feed_versions(ARRAY(
    SELECT DISTINCT a.classroom_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN activities a ON a.check_request_id = n.id
     WHERE a.classroom_id IS NOT NULL AND (n.status, n.decided_at) IS DISTINCT FROM (o.status, o.decided_at)));
  RETURN NULL;
END $$;
CREATE TRIGGER feed_check_requests_updated AFTER UPDATE ON check_requests
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_check_requests_changed();

-- The feed shows a student's name (or e-mail when the name is empty).
CREATE FUNCTION feed_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_feed_versions(ARRAY(
    SELECT DISTINCT a.classroom_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN activities a ON a.user_id = n.id
     WHERE a.classroom_id IS NOT NULL AND (n.name, n.email) IS DISTINCT FROM (o.name, o.email)));
  RETURN NULL;
END $$;
CREATE TRIGGER feed_users_updated AFTER UPDATE ON users
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_users_changed();

-- Lesson titles, quiz scores and a portfolio item's lesson appear in the feed too. None of them changes
-- in the product today (method content, stored results); the triggers keep the version honest if one does.
CREATE FUNCTION feed_lessons_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_feed_versions(ARRAY(
    SELECT DISTINCT a.classroom_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.title IS DISTINCT FROM n.title
      JOIN activities a ON a.lesson_id = n.id OR a.portfolio_item_id IN (SELECT p.id FROM portfolio_items p WHERE p.lesson_id = n.id)
     WHERE a.classroom_id IS NOT NULL));
  RETURN NULL;
END $$;
CREATE TRIGGER feed_lessons_updated AFTER UPDATE ON lessons
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_lessons_changed();

CREATE FUNCTION feed_quiz_results_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_feed_versions(ARRAY(
    SELECT DISTINCT a.classroom_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id
      JOIN activities a ON a.quiz_result_id = n.id
     WHERE a.classroom_id IS NOT NULL AND (n.title, n.type, n.good, n.total) IS DISTINCT FROM (o.title, o.type, o.good, o.total)));
  RETURN NULL;
END $$;
CREATE TRIGGER feed_quiz_results_updated AFTER UPDATE ON quiz_results
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_quiz_results_changed();

CREATE FUNCTION feed_portfolio_items_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM bump_feed_versions(ARRAY(
    SELECT DISTINCT a.classroom_id
      FROM new_rows n JOIN old_rows o ON o.id = n.id AND o.lesson_id IS DISTINCT FROM n.lesson_id
      JOIN activities a ON a.portfolio_item_id = n.id
     WHERE a.classroom_id IS NOT NULL));
  RETURN NULL;
END $$;
CREATE TRIGGER feed_portfolio_items_updated AFTER UPDATE ON portfolio_items
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION feed_portfolio_items_changed();

-- The triggers above find a changed row's activities by these columns (also what the cascades of
-- deleting a student, request, quiz result or portfolio item look up).
CREATE INDEX activities_check_request ON activities (check_request_id) WHERE check_request_id IS NOT NULL;
CREATE INDEX activities_user ON activities (user_id);
CREATE INDEX activities_quiz_result ON activities (quiz_result_id) WHERE quiz_result_id IS NOT NULL;
CREATE INDEX activities_portfolio_item ON activities (portfolio_item_id) WHERE portfolio_item_id IS NOT NULL;
-- The poll's class: the caller's current class or the first one she is main teacher of.
CREATE INDEX classrooms_main_teacher ON classrooms (main_teacher_id) WHERE main_teacher_id IS NOT NULL;

-- Web Push subscriptions of portal users (one row per browser endpoint), and the lookups the
-- students' app calls need.
CREATE TABLE push_subscriptions (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  endpoint text NOT NULL UNIQUE,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_sent_at timestamptz
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

-- Registration looks a class code up case-insensitively.
CREATE INDEX classrooms_access_code_upper ON classrooms (upper(access_code));
-- A student's own portfolio item of a lesson.
CREATE INDEX portfolio_items_user_lesson ON portfolio_items (user_id, lesson_id);
-- Who teaches a class now: the push recipients of its check requests.
CREATE INDEX users_current_classroom ON users (current_classroom_id) WHERE current_classroom_id IS NOT NULL;

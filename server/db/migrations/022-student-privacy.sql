-- Issue 31.2: who viewed or changed a student's profile, portfolio or results, and when, so a school
-- can answer 'who processed my data' (AVG art. 15) and spot access that has no reason. Written by the
-- server on those reads and writes (server/areas/students/access-log.ts), shown to the school's ADMINs
-- on the profile ('Wie heeft dit ingezien'), deleted with the student and pruned after
-- ACCESS_LOG_DAYS by the student-retention job (docs/privacy.md).
CREATE TABLE student_access_log (
  id bigserial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The colleague; her e-mail stays in actor_email when her account is removed, for the rest of the row's life.
  actor_id integer REFERENCES users(id) ON DELETE SET NULL,
  actor_email text NOT NULL,
  action text NOT NULL CHECK (action IN ('VIEW', 'CHANGE', 'EXPORT')),
  subject text NOT NULL CHECK (subject IN ('PROFILE', 'PORTFOLIO', 'RESULTS', 'DATA')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX student_access_log_student ON student_access_log (student_id, created_at DESC);
CREATE INDEX student_access_log_created ON student_access_log (created_at);

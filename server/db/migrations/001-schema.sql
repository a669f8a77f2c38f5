-- The whole schema of spec parts 1 and 2. Every row that belongs to a school carries organisation_id.
-- Method content (subjects, modules, lessons, exams) belongs to the publisher and has none.

CREATE TABLE organisations (
  id serial PRIMARY KEY,
  name text NOT NULL,
  location text NOT NULL DEFAULT '',
  city text NOT NULL DEFAULT '',
  active smallint NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  portfolio_enabled boolean NOT NULL DEFAULT true,
  extend_intention boolean NOT NULL DEFAULT false,
  extend_contact_email text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE users (
  id serial PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL DEFAULT '',
  password_hash text,
  role text NOT NULL CHECK (role IN ('ADMIN', 'TEACHER', 'STUDENT')),
  current_organisation_id integer REFERENCES organisations(id),
  current_classroom_id integer,
  study_level text,
  is_external boolean NOT NULL DEFAULT false,
  can_switch_study_level boolean NOT NULL DEFAULT true,
  last_login timestamptz,
  last_active timestamptz,
  last_lesson_id integer,
  reg_date timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX users_email_key ON users (lower(email));

-- Teacher <-> school (a teacher may belong to several) and student <-> school (one).
CREATE TABLE memberships (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  active boolean NOT NULL DEFAULT true,
  inactive_since timestamptz,
  invited_at timestamptz,
  PRIMARY KEY (user_id, organisation_id)
);
CREATE INDEX memberships_org ON memberships (organisation_id);

CREATE TABLE sections (
  id serial PRIMARY KEY,
  name text NOT NULL,
  active boolean NOT NULL DEFAULT true,
  position integer NOT NULL DEFAULT 0
);

CREATE TABLE chapters (
  id serial PRIMARY KEY,
  section_id integer NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
  name text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  levels text[] NOT NULL DEFAULT '{}'
);
CREATE INDEX chapters_section ON chapters (section_id);

CREATE TABLE lessons (
  id serial PRIMARY KEY,
  chapter_id integer NOT NULL REFERENCES chapters(id) ON DELETE CASCADE,
  title text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  image text,
  -- { content, assignments: [{question, answer}], terms: [{term, definition}] } per study level key
  body jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX lessons_chapter ON lessons (chapter_id);

CREATE TABLE classrooms (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL,
  access_code text NOT NULL,
  main_teacher_id integer REFERENCES users(id) ON DELETE SET NULL,
  default_study_level text NOT NULL DEFAULT '',
  answers_activated boolean NOT NULL DEFAULT false,
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX classrooms_access_code_key ON classrooms (access_code);
CREATE INDEX classrooms_org ON classrooms (organisation_id);

CREATE TABLE classroom_chapters (
  classroom_id integer NOT NULL REFERENCES classrooms(id) ON DELETE CASCADE,
  chapter_id integer NOT NULL REFERENCES chapters(id) ON DELETE CASCADE,
  PRIMARY KEY (classroom_id, chapter_id)
);

CREATE TABLE classroom_students (
  classroom_id integer NOT NULL REFERENCES classrooms(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (classroom_id, user_id)
);
CREATE INDEX classroom_students_user ON classroom_students (user_id);

CREATE TABLE check_requests (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  classroom_id integer REFERENCES classrooms(id) ON DELETE SET NULL,
  student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id integer NOT NULL REFERENCES lessons(id),
  status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'APPROVED', 'REJECTED', 'CANCELED', 'EXPIRED', 'APPROVED_EXPIRED')),
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz,
  decided_by integer REFERENCES users(id) ON DELETE SET NULL
);
CREATE INDEX check_requests_org ON check_requests (organisation_id, status);

CREATE TABLE quiz_results (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  lesson_id integer REFERENCES lessons(id),
  title text NOT NULL,
  type text NOT NULL DEFAULT 'quiz',
  good integer NOT NULL CHECK (good >= 0),
  total integer NOT NULL CHECK (total > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX quiz_results_user ON quiz_results (user_id);

CREATE TABLE files (
  id text PRIMARY KEY,
  organisation_id integer REFERENCES organisations(id) ON DELETE CASCADE,
  owner_id integer REFERENCES users(id) ON DELETE SET NULL,
  filename text NOT NULL,
  mime text NOT NULL,
  size integer NOT NULL,
  storage_key text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE portfolio_items (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  classroom_id integer REFERENCES classrooms(id) ON DELETE SET NULL,
  lesson_id integer NOT NULL REFERENCES lessons(id),
  study_level text,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX portfolio_items_org ON portfolio_items (organisation_id, updated_at DESC);
CREATE INDEX portfolio_items_user ON portfolio_items (user_id);

CREATE TABLE portfolio_blocks (
  id serial PRIMARY KEY,
  portfolio_item_id integer NOT NULL REFERENCES portfolio_items(id) ON DELETE CASCADE,
  key text NOT NULL,
  type text NOT NULL CHECK (type IN ('FILE', 'REFLECTION')),
  status text NOT NULL DEFAULT '' CHECK (status IN ('PERFECT', 'GOOD', 'WRONG', '')),
  is_submitted boolean NOT NULL DEFAULT false,
  position integer NOT NULL DEFAULT 0,
  UNIQUE (portfolio_item_id, key)
);

CREATE TABLE portfolio_block_items (
  id serial PRIMARY KEY,
  block_id integer NOT NULL REFERENCES portfolio_blocks(id) ON DELETE CASCADE,
  index_number integer NOT NULL DEFAULT 1,
  description text NOT NULL DEFAULT '',
  subtitle text NOT NULL DEFAULT '',
  value text NOT NULL DEFAULT '',
  file_id text REFERENCES files(id) ON DELETE SET NULL
);
CREATE INDEX portfolio_block_items_block ON portfolio_block_items (block_id);

CREATE TABLE portfolio_feedback (
  id serial PRIMARY KEY,
  block_id integer NOT NULL REFERENCES portfolio_blocks(id) ON DELETE CASCADE,
  teacher_id integer REFERENCES users(id) ON DELETE SET NULL,
  message text NOT NULL,
  read_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX portfolio_feedback_block ON portfolio_feedback (block_id);

CREATE TABLE activities (
  id bigserial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  classroom_id integer REFERENCES classrooms(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('LOGIN', 'REGISTER', 'QUIZ', 'PORTFOLIO_ITEM', 'CHECK_REQUEST')),
  lesson_id integer REFERENCES lessons(id),
  check_request_id integer REFERENCES check_requests(id) ON DELETE CASCADE,
  quiz_result_id integer REFERENCES quiz_results(id) ON DELETE CASCADE,
  portfolio_item_id integer REFERENCES portfolio_items(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The 5-second poll reads the newest rows of one class: this index answers it without a sort.
CREATE INDEX activities_feed ON activities (classroom_id, id DESC);
CREATE INDEX activities_org ON activities (organisation_id, id DESC);

-- Read state per teacher and class as a watermark: everything up to read_up_to is read.
CREATE TABLE activity_reads (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  classroom_id integer NOT NULL REFERENCES classrooms(id) ON DELETE CASCADE,
  read_up_to bigint NOT NULL DEFAULT 0,
  PRIMARY KEY (user_id, classroom_id)
);

CREATE TABLE documents (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  owner_id integer REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL DEFAULT '',
  hidden boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX documents_org ON documents (organisation_id);

CREATE TABLE document_files (
  document_id integer NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
  file_id text NOT NULL REFERENCES files(id) ON DELETE CASCADE,
  title text NOT NULL,
  position integer NOT NULL DEFAULT 0,
  PRIMARY KEY (document_id, file_id)
);

CREATE TABLE exams (
  id serial PRIMARY KEY,
  section_id integer NOT NULL REFERENCES sections(id) ON DELETE CASCADE,
  title text NOT NULL,
  variant text NOT NULL CHECK (variant IN ('B-KGT', 'BASIS', 'KGT')),
  content_file_id text NOT NULL REFERENCES files(id),
  answer_file_id text NOT NULL REFERENCES files(id),
  hidden boolean NOT NULL DEFAULT false,
  published_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE wishlist_items (
  id serial PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  title text NOT NULL,
  description text NOT NULL,
  active smallint NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wishlist_items_org ON wishlist_items (organisation_id);

CREATE TABLE wishlist_comments (
  id serial PRIMARY KEY,
  wishlist_item_id integer NOT NULL REFERENCES wishlist_items(id) ON DELETE CASCADE,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  comment text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wishlist_comments_item ON wishlist_comments (wishlist_item_id);

-- One vote per user per item: changing a vote moves it.
CREATE TABLE wishlist_votes (
  wishlist_item_id integer NOT NULL REFERENCES wishlist_items(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  direction smallint NOT NULL CHECK (direction IN (-1, 1)),
  PRIMARY KEY (wishlist_item_id, user_id)
);

CREATE TABLE wishlist_reads (
  wishlist_item_id integer NOT NULL REFERENCES wishlist_items(id) ON DELETE CASCADE,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  PRIMARY KEY (wishlist_item_id, user_id)
);

-- Bought licences per school and module; the used count is derived from registrations.
CREATE TABLE licences (
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  chapter_id integer NOT NULL REFERENCES chapters(id) ON DELETE CASCADE,
  license_count integer NOT NULL CHECK (license_count >= 0),
  PRIMARY KEY (organisation_id, chapter_id)
);

CREATE TABLE print_jobs (
  hash text PRIMARY KEY,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  chapter_id integer NOT NULL REFERENCES chapters(id),
  options jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Exactly once: the answer to a write is stored with its key in the same transaction as the change.
CREATE TABLE idempotency_keys (
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL,
  endpoint text NOT NULL,
  status_code integer NOT NULL,
  response jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);

CREATE TABLE refresh_tokens (
  id serial PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family_id text NOT NULL,
  token_hash text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  revoked_at timestamptz
);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);

CREATE TABLE error_reports (
  id serial PRIMARY KEY,
  user_id integer REFERENCES users(id) ON DELETE SET NULL,
  url text NOT NULL,
  status integer,
  message text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value text NOT NULL
);

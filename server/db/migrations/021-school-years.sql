-- Issue 31: the year change ('Nieuw schooljaar'). Last year's classes stay, read-only, under the
-- school year they belonged to; the normal class lists show only classes with archived_at NULL.
ALTER TABLE classrooms ADD COLUMN school_year text;
ALTER TABLE classrooms ADD COLUMN archived_at timestamptz;
CREATE INDEX classrooms_org_current ON classrooms (organisation_id) WHERE archived_at IS NULL;

-- One row per year change a school applied: a second apply of the same year changes nothing.
CREATE TABLE school_years (
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL,
  starts_on date NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now(),
  applied_by integer REFERENCES users(id) ON DELETE SET NULL,
  summary jsonb NOT NULL,
  PRIMARY KEY (organisation_id, name)
);

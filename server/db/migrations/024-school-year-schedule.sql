-- The year change planned for its first school day instead of applied at once: at most one per
-- school, with the administrator's edits as she sent them. The school-year job applies it on that
-- day (or at the first run after, when no server ran that day) and deletes the row; 'Annuleren'
-- deletes it before. last_error: why the job could not apply it (kept, and tried again each run).
CREATE TABLE school_year_schedules (
  organisation_id integer PRIMARY KEY REFERENCES organisations(id) ON DELETE CASCADE,
  name text NOT NULL,
  starts_on date NOT NULL,
  input jsonb NOT NULL,
  scheduled_at timestamptz NOT NULL,
  scheduled_by integer REFERENCES users(id) ON DELETE SET NULL,
  last_error text
);
CREATE INDEX school_year_schedules_due ON school_year_schedules (starts_on);

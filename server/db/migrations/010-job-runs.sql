-- Background jobs run in every API process; this row per job lets exactly one of them claim each run
-- (an UPSERT that only succeeds when the last run is old enough), across processes and restarts.
CREATE TABLE job_runs (
  name text PRIMARY KEY,
  started_at timestamptz NOT NULL,
  runs integer NOT NULL DEFAULT 1
);

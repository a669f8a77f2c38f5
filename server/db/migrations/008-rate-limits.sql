-- Attempt counters of the sign-in, password, invitation, registration and error-report limits
-- (server/auth/rate-limit.ts). In the database, not in process memory, so that several server
-- processes together allow what one allows and a restart does not reset a lockout.
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_start timestamptz NOT NULL,
  window_secs integer NOT NULL,
  -- Attempts allowed before the key is held back.
  free_hits integer NOT NULL,
  -- 0: held back until the window ends; else a delay that doubles from 1 s up to this.
  max_delay_secs integer NOT NULL,
  blocked_until timestamptz
);
CREATE INDEX rate_limits_window_end ON rate_limits (window_start);

-- Sign-in with the school account, after an outside review. A link is the provider's issuer and
-- subject (OpenID Connect Core 5.7: only iss + sub name a person), so an id pointed at another
-- issuer does not reuse its links. The links made so far are dropped: they were made without the
-- teacher's password and could hold any account of the provider (a student's); a teacher links
-- again, or her first sign-in at a provider bound to her school links it.
DELETE FROM school_account_links;
ALTER TABLE school_account_links ADD COLUMN issuer text NOT NULL;
ALTER TABLE school_account_links DROP CONSTRAINT school_account_links_pkey;
ALTER TABLE school_account_links ADD PRIMARY KEY (provider_id, issuer, subject);

-- The states of finished school-account flows, until their cookie expires (10 minutes): the cookie
-- could otherwise carry a second sign-in. In the database so every server process knows.
CREATE TABLE school_account_used_states (
  state text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX school_account_used_states_expires ON school_account_used_states (expires_at);

-- A teacher's school account (OpenID Connect, issue 33), linked from the avatar menu: the provider's
-- subject identifier is stable where an e-mail address may change. One account per provider per
-- teacher, and one teacher per account.
CREATE TABLE school_account_links (
  provider_id text NOT NULL,
  subject text NOT NULL,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider_id, subject),
  UNIQUE (user_id, provider_id)
);

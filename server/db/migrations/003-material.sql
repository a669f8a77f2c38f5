-- Teachers, documents and printing (part 2): invitation tokens, grouping of parallel uploads, print expiry.

-- A colleague invited by e-mail sets a password with this token; only its SHA-256 is stored.
CREATE TABLE invitations (
  token_hash text PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  organisation_id integer NOT NULL REFERENCES organisations(id) ON DELETE CASCADE,
  invited_by integer REFERENCES users(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX invitations_user ON invitations (user_id);

-- The upload page sends each dropped file as its own documents/add call with one token per page
-- (part 2 §9): the first creates the document, the others join it.
ALTER TABLE documents ADD COLUMN upload_token text;
CREATE UNIQUE INDEX documents_upload_token ON documents (owner_id, upload_token) WHERE upload_token IS NOT NULL;

CREATE INDEX memberships_inactive ON memberships (inactive_since) WHERE NOT active;

-- Issue 29.1 / 28.19: an invitation makes a pending membership (active = false, pending = true): it
-- gives no access, the inviting school sees only the address and 'Uitgenodigd', and the invitee's
-- organisation selector does not list the school until she accepts (in the portal or by the link).
ALTER TABLE memberships ADD COLUMN pending boolean NOT NULL DEFAULT false;
-- Invitations sent before this change and never used: pending from now on.
UPDATE memberships m SET pending = true, active = false
  FROM users u
 WHERE u.id = m.user_id AND u.role <> 'STUDENT' AND u.password_hash IS NULL AND u.last_login IS NULL AND m.invited_at IS NOT NULL;

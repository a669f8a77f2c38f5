/**
 * Colleagues of the caller's school (part 2 §7 Teachers): set active or inactive, invite by e-mail.
 * An inactive membership loses access at once (session-user.ts checks it on every request) and is
 * removed after half a year by jobs/inactive-teachers.ts.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { api } from '../../src/api/catalogue';
import type { Teacher } from '../../src/api/teachers/types';
import type { SessionUser } from '../auth/session-user';
import type { Queryable } from '../db/database';
import { badRequest, conflict, HttpError, notFound } from '../http-error';
import { sendMail } from '../mail/mailer';
import { INVITATION_DAYS, invitationMail } from '../mail/invitation';
import type { Handlers } from './handler';

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A colleague in the caller's school, never a student; 404 for anyone else. */
async function colleague(db: Queryable, user: SessionUser, id: number): Promise<{ active: boolean }> {
  const [row] = await db.query<{ active: boolean }>(
    `SELECT m.active FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND m.organisation_id = $2 AND u.role <> 'STUDENT'`,
    [id, user.organisationId],
  );
  if (!row) throw notFound('Deze docent is niet gevonden.');
  return row;
}

export const teachersHandlers: Handlers<typeof api.teachers> = {
  list: ({ db, user }) =>
    db.query<Teacher>(
      `SELECT u.id, u.name, u.email, CASE WHEN m.active THEN 'active' ELSE 'inactive' END AS status
         FROM memberships m JOIN users u ON u.id = m.user_id
        WHERE m.organisation_id = $1 AND u.role <> 'STUDENT'
        ORDER BY lower(u.name), u.id`,
      [user.organisationId],
    ),

  activate: async ({ db, user, params }) => {
    await colleague(db, user, params.id);
    await db.query(`UPDATE memberships SET active = true, inactive_since = NULL WHERE user_id = $1 AND organisation_id = $2`, [params.id, user.organisationId]);
    return { message: 'Docent is op actief gezet.' };
  },

  deactivate: async ({ db, user, params, app }) => {
    if (params.id === user.id) throw badRequest('Je kunt jezelf niet op inactief zetten. Vraag een collega om dat te doen.');
    const c = await colleague(db, user, params.id);
    // The half-year clock starts at the first deactivation; repeating it does not reset the clock.
    if (c.active) {
      await db.query(`UPDATE memberships SET active = false, inactive_since = $3 WHERE user_id = $1 AND organisation_id = $2`, [
        params.id,
        user.organisationId,
        app.now(),
      ]);
    }
    return { message: 'Docent is op inactief gezet. Na een half jaar wordt het account automatisch verwijderd.' };
  },

  invite: async ({ db, user, body, app }) => {
    const email = body.email.trim().toLowerCase();
    if (!email) throw badRequest('Vul een e-mailadres in.', { email: 'Vul een e-mailadres in.' });
    if (!EMAIL.test(email)) throw badRequest('Vul een geldig e-mailadres in.', { email: 'Vul een geldig e-mailadres in.' });
    const [org] = await db.query<{ name: string }>(`SELECT name FROM organisations WHERE id = $1`, [user.organisationId]);
    if (!org) throw notFound();

    let [invitee] = await db.query<{ id: number; role: string; has_password: boolean }>(
      `SELECT id, role, password_hash IS NOT NULL AS has_password FROM users WHERE lower(email) = $1`,
      [email],
    );
    if (invitee?.role === 'STUDENT') {
      // A student of this school may be named; one elsewhere must not be revealed: the same answer
      // as a sent invitation, and nothing changes.
      const [here] = await db.query(`SELECT 1 FROM memberships WHERE user_id = $1 AND organisation_id = $2`, [invitee.id, user.organisationId]);
      if (here) throw conflict('Dit e-mailadres hoort bij een leerling en kan niet als docent worden uitgenodigd.');
      return { message: `Er is een uitnodiging gestuurd naar ${email}.` };
    }
    if (invitee) {
      const [member] = await db.query<{ active: boolean }>(`SELECT active FROM memberships WHERE user_id = $1 AND organisation_id = $2`, [
        invitee.id,
        user.organisationId,
      ]);
      if (member?.active) throw conflict('Deze docent hoort al bij je school.');
      if (member) throw conflict('Deze docent hoort al bij je school, maar staat op inactief. Zet de docent op actief.');
    } else {
      [invitee] = await db.query<{ id: number; role: string; has_password: boolean }>(
        `INSERT INTO users (email, name, role, current_organisation_id) VALUES ($1, '', 'ADMIN', $2) RETURNING id, role, false AS has_password`,
        [email, user.organisationId],
      );
    }
    if (!invitee) throw new Error('invitee not created');
    const now = app.now();
    await db.query(`INSERT INTO memberships (user_id, organisation_id, active, invited_at) VALUES ($1, $2, true, $3)`, [invitee.id, user.organisationId, now]);
    await db.query(`UPDATE users SET current_organisation_id = $2 WHERE id = $1 AND current_organisation_id IS NULL`, [invitee.id, user.organisationId]);

    // An account that already has a password is only told; it needs no token to set one.
    let link = `${app.config.publicUrl}/`;
    if (!invitee.has_password) {
      const token = randomBytes(32).toString('base64url');
      await db.query(
        `INSERT INTO invitations (token_hash, user_id, organisation_id, invited_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6)`,
        [hashToken(token), invitee.id, user.organisationId, user.id, now, new Date(now.getTime() + INVITATION_DAYS * 86_400_000)],
      );
      link = `${app.config.publicUrl}/wachtwoord-instellen?token=${token}`;
    }
    try {
      await sendMail(app.config, invitationMail({ to: email, inviter: user.name || user.email, school: org.name, link, setPassword: !invitee.has_password }));
    } catch {
      // Rolls back the membership too, so the teacher can simply try again.
      throw new HttpError(502, 'De uitnodiging kon niet worden verstuurd. Probeer het later opnieuw.');
    }
    return { message: `Er is een uitnodiging gestuurd naar ${email}.` };
  },
};

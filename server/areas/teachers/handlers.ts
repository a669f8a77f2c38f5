/**
 * Colleagues of the caller's school (part 2 §7 Teachers): list, set active or inactive, invite by
 * e-mail. An inactive membership loses access at once (session-user.ts checks it on every request)
 * and is removed after half a year by jobs/inactive-teachers.ts.
 */
import { randomBytes } from 'node:crypto';
import type { api } from '../../../src/api/catalogue';
import { hashToken } from '../../auth/invitation-token';
import type { SessionUser } from '../../auth/session-user';
import type { Queryable } from '../../db/database';
import type { Handlers } from '../../http/handler';
import { RULES, waitText } from '../../auth/rate-limit';
import { badRequest, conflict, HttpError, notFound, TooManyRequests } from '../../http-error';
import { INVITATION_DAYS, invitationMail } from '../../mail/invitation';
import { sendMail } from '../../mail/mailer';
import {
  activateMembership,
  addMembership,
  colleagueMembership,
  deactivateMembership,
  insertInvitation,
  insertInvitee,
  membershipOf,
  organisationName,
  teachersOf,
  userByEmail,
} from './queries';
import { DAY_MS } from '../../constants';

const ALREADY_INVITED = 'Deze docent is al uitgenodigd en heeft de uitnodiging nog niet aangenomen.';

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]{2,}$/;

/** A colleague in the caller's school, never a student; 404 for anyone else. */
async function colleague(db: Queryable, user: SessionUser, id: number): Promise<{ active: boolean }> {
  const row = await colleagueMembership(db, user.organisationId, id);
  if (!row) throw notFound('Deze docent is niet gevonden.');
  if (row.pending) throw conflict('Deze docent is uitgenodigd en heeft de uitnodiging nog niet aangenomen.');
  return row;
}

export const teachersHandlers: Handlers<typeof api.teachers> = {
  list: ({ db, user }) => teachersOf(db, user.organisationId),

  activate: async ({ db, user, params }) => {
    await colleague(db, user, params.id);
    await activateMembership(db, user.organisationId, params.id);
    return { message: 'Docent is op actief gezet.' };
  },

  deactivate: async ({ db, user, params, app }) => {
    if (params.id === user.id) throw badRequest('Je kunt jezelf niet op inactief zetten. Vraag een collega om dat te doen.');
    const c = await colleague(db, user, params.id);
    // The half-year clock starts at the first deactivation; repeating it does not reset the clock.
    if (c.active) await deactivateMembership(db, user.organisationId, params.id, app.now());
    return { message: 'Docent is op inactief gezet. Na een half jaar wordt het account automatisch verwijderd.' };
  },

  invite: async ({ db, user, body, app }) => {
    const email = body.email.trim().toLowerCase();
    if (!email) throw badRequest('Vul een e-mailadres in.', { email: 'Vul een e-mailadres in.' });
    if (!EMAIL.test(email)) throw badRequest('Vul een geldig e-mailadres in.', { email: 'Vul een geldig e-mailadres in.' });
    const school = await organisationName(db, user.organisationId);
    if (school === undefined) throw notFound();
    const sent = { message: `Er is een uitnodiging gestuurd naar ${email}.` };

    let invitee = await userByEmail(db, email);
    if (invitee?.role === 'STUDENT') {
      // A student of this school may be named; one elsewhere must not be revealed: the same answer
      // as a sent invitation, and nothing changes.
      if (await membershipOf(db, user.organisationId, invitee.id))
        throw conflict('Dit e-mailadres hoort bij een leerling en kan niet als docent worden uitgenodigd.');
      return sent;
    }
    const member = invitee ? await membershipOf(db, user.organisationId, invitee.id) : undefined;
    if (member?.active) throw conflict('Deze docent hoort al bij je school.');
    if (member?.pending) throw conflict(ALREADY_INVITED);
    if (member && !member.pending) throw conflict('Deze docent hoort al bij je school, maar staat op inactief. Zet de docent op actief.');
    // Every mail counts (29.2): per teacher and per school, before anything is written or sent.
    const refused = await app.limits.count(db, [
      { key: `invite:user:${user.id}`, rule: RULES.inviteTeacher },
      { key: `invite:school:${user.organisationId}`, rule: RULES.inviteSchool },
    ]);
    if (refused)
      throw new TooManyRequests(
        `Er zijn veel uitnodigingen kort na elkaar verstuurd. Probeer het over ${waitText(refused.retryAfterSecs)} opnieuw.`,
        refused.retryAfterSecs,
      );
    invitee ??= await insertInvitee(db, email, user.organisationId);
    if (!invitee) throw new Error('invitee not created');
    const now = app.now();
    // Pending until she accepts (29.1): the answer and what this school sees are the same for a
    // known and an unknown address.
    await addMembership(db, user.organisationId, invitee.id, now);

    // An account that already has a password accepts in the portal (organisation selector); a new
    // one sets its name and password through the link, which accepts too.
    let link = `${app.config.publicUrl}/`;
    if (!invitee.has_password) {
      const token = randomBytes(32).toString('base64url');
      await insertInvitation(db, {
        tokenHash: hashToken(token),
        userId: invitee.id,
        organisationId: user.organisationId,
        invitedBy: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITATION_DAYS * DAY_MS),
      });
      link = `${app.config.publicUrl}/wachtwoord-instellen?token=${token}`;
    }
    try {
      await sendMail(
        app.config,
        invitationMail({ to: email, inviter: user.name || user.email, school, link, setPassword: !invitee.has_password }),
      );
    } catch {
      // Rolls back the membership too, so the teacher can simply try again.
      throw new HttpError(502, 'De uitnodiging kon niet worden verstuurd. Probeer het later opnieuw.');
    }
    return sent;
  },
};

/**
 * The student form (part 2 §2 'Student form', §5, §7 Students): profile, password change by a
 * teacher, portfolio tab, quiz results and deletion. Students are reached only through the caller's
 * school. Answers that may hold portfolio images pass through signFileLinks.
 */
import type { BodyOf } from '../../../src/api/endpoint';
import type { api } from '../../../src/api/catalogue';
import type { UserDetails } from '../../../src/api/students/types';
import { hashPassword, verifyPassword } from '../../auth/passwords';
import type { AttemptLimits } from '../../auth/attempt-limits';
import { RULES } from '../../auth/rate-limit';
import type { SessionUser } from '../../auth/session-user';
import { revokeAllOf } from '../../auth/tokens';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { mergeOrRefuse } from '../../http/field-merge';
import { withoutTransaction, type Handlers } from '../../http/handler';
import { badRequest, forbidden, HttpError, notFound, TooManyRequests } from '../../http-error';
import { studyLevelLabels } from '../../public-config';
import { withSignedLinks } from '../portfolios/file-links';
import {
  countSchoolClassrooms,
  emailTakenByOther,
  lockUser,
  passwordHashOf,
  portfolioCountOf,
  replaceClasses,
  requireMember,
  setPasswordHash,
  studentIdsOf,
  updateProfile,
  userRow,
  type UserRow,
  STUDENT_NOT_FOUND,
} from './queries';
import { ACCESS_LOG_DAYS, accessLogOf, logAccess } from './access-log';
import { erasureCounts } from './privacy-queries';
import { deleteOnOfMany, detailsOf, viewDetails, viewPortfolios, viewQuizResults } from './student-reads';
import { eraseStudent, eraseStudents } from './student-erasure';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../src/api/schemas';

const PROFILE_INCOMPLETE = 'Niet alle verplichte velden zijn ingevuld.';
const PASSWORD_FIELDS_EMPTY = 'Alle velden zijn verplicht om in te vullen.';
const EMAIL_TAKEN = 'Dit e-mailadres is al in gebruik.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

// The profile tab's labels (src/features/students/profile-tab.tsx), for a 409 that shows both values.
const PROFILE_LABELS = { email: 'E-mail', name: 'Naam', studyLevel: 'Niveau', classrooms: 'Klas wijzigen' } as const;

/** One user's profile, or 404 (student-reads.ts answers many). */
async function userDetails(db: Queryable, app: AppContext, organisationId: number, id: number): Promise<UserDetails> {
  const details = (await detailsOf(db, app, organisationId, [id])).get(id);
  if (!details) throw notFound(STUDENT_NOT_FOUND);
  return details;
}

const found = <T>(answer: T | undefined): T => {
  if (answer === undefined) throw notFound(STUDENT_NOT_FOUND);
  return answer;
};

type SaveBody = BodyOf<typeof api.students.save>;

interface ProfileChange {
  email: string;
  name: string;
  studyLevel: string | null;
  classrooms: number[] | null;
}

async function checkProfile(
  db: Queryable,
  caller: SessionUser,
  body: SaveBody,
  levels: Record<string, string>,
  limits: AttemptLimits,
): Promise<ProfileChange> {
  const errors: Record<string, string> = {};
  const email = (body.email ?? '').trim();
  if (!email) errors.email = 'Vul een e-mailadres in.';
  else if (!EMAIL.test(email)) errors.email = 'Dit is geen geldig e-mailadres.';
  else if (await emailTakenByOther(db, email, body.id)) {
    // Addresses are unique across schools, so a refusal tells that one exists somewhere: each is
    // counted, so a teacher cannot probe addresses in bulk (RULES.emailProbe).
    const refused = await limits.count(db, [{ key: `email-probe:user:${caller.id}`, rule: RULES.emailProbe }]);
    if (refused)
      throw new TooManyRequests(
        'Je hebt te vaak een e-mailadres ingevuld dat al in gebruik is. Probeer het over een uur opnieuw.',
        refused.retryAfterSecs,
      );
    errors.email = EMAIL_TAKEN;
  }
  const level = body.studyLevel ? body.studyLevel.trim() : null;
  if (level && !(level in levels)) errors.studyLevel = 'Kies een bestaand niveau.';
  let classrooms: number[] | null = null;
  if (body.classrooms) {
    classrooms = [...new Set(body.classrooms)];
    if ((await countSchoolClassrooms(db, caller.organisationId, classrooms)) !== classrooms.length)
      errors.classrooms = 'Kies alleen klassen van je eigen school en van dit schooljaar.';
  }
  // Committed when an address was counted above; nothing else is written yet.
  if (Object.keys(errors).length) throw new HttpError(400, PROFILE_INCOMPLETE, errors, undefined, !!errors.email);
  // Part 2 §2: the name is optional for students; an empty name becomes the e-mail address.
  const name = (body.name ?? '').trim() || email;
  return { email, name, studyLevel: level || null, classrooms };
}

/**
 * Checks the teacher's own password and the new one; answers the hash to store. Guessing a
 * teacher's password through this form is limited (RULES.ownPassword): a stolen access token alone
 * must not be enough to take over students' accounts.
 */
async function checkPassword(db: Queryable, caller: SessionUser, target: UserRow, body: SaveBody, limits: AttemptLimits): Promise<string> {
  if (target.is_external) {
    throw badRequest(
      'Dit is een extern account (single sign-on): het heeft geen wachtwoord in de Docentenomgeving, dus je kunt het hier niet wijzigen.',
    );
  }
  const admin = body.adminpassword ?? '';
  const next = body.newpassword ?? '';
  const repeat = body.repeatpassword ?? '';
  const empty: Record<string, string> = {};
  if (!admin) empty.adminpassword = 'Vul je eigen wachtwoord in.';
  if (!next) empty.newpassword = 'Vul een nieuw wachtwoord in.';
  if (!repeat) empty.repeatpassword = 'Herhaal het nieuwe wachtwoord.';
  if (Object.keys(empty).length) throw badRequest(PASSWORD_FIELDS_EMPTY, empty);

  const key = `own-password:user:${caller.id}`;
  const refused = await limits.count(db, [{ key, rule: RULES.ownPassword }]);
  if (refused)
    throw new TooManyRequests(
      'Je hebt te vaak een verkeerd eigen wachtwoord ingevuld. Wacht een kwartier en probeer het opnieuw.',
      refused.retryAfterSecs,
    );
  const errors: Record<string, string> = {};
  const right = await verifyPassword(admin, await passwordHashOf(db, caller.id));
  if (right) await limits.settle(db, [key]);
  else errors.adminpassword = 'Je eigen wachtwoord klopt niet.';
  if (next.length < NEW_PASSWORD_MIN_LENGTH)
    errors.newpassword = `Het nieuwe wachtwoord moet minstens ${NEW_PASSWORD_MIN_LENGTH} tekens hebben.`;
  else if (next !== repeat) errors.repeatpassword = 'De wachtwoorden zijn niet gelijk.';
  // Committed although refused: nothing is changed yet but the attempt count, which must stay.
  if (Object.keys(errors).length) throw new HttpError(400, PROFILE_INCOMPLETE, errors, undefined, true);
  return hashPassword(next);
}

export const studentsHandlers: Handlers<typeof api.students> = {
  privacy: async ({ db, user, params, app }) => {
    await requireMember(db, user.organisationId, params.id, true);
    return {
      counts: await erasureCounts(db, user.organisationId, params.id),
      accessLog: await accessLogOf(db, user.organisationId, params.id),
      deleteOn: (await deleteOnOfMany(db, app, user.organisationId, [params.id])).get(params.id) ?? null,
      retentionMonths: app.config.studentRetentionMonths,
      accessLogDays: ACCESS_LOG_DAYS,
    };
  },

  // Its own statements: the file bytes go after the rows are committed (student-erasure.ts).
  erase: withoutTransaction(async ({ user, params, app }) => {
    await requireMember(app.db, user.organisationId, params.id, true);
    await eraseStudent(app.db, app.files, user.organisationId, params.id);
    // No name in the answer: it must not keep naming her anywhere.
    return { message: 'De leerling en al haar gegevens zijn definitief verwijderd.' };
  }),

  // Part 1 §7's delete removes the student, so it is the full erasure (docs/decisions.md, issue 31).
  delete: withoutTransaction(async ({ user, params, app, req }) => {
    await eraseStudents(app.db, app.files, user.organisationId, await studentIdsOf(app.db, user, [params.id]), (m) => req.log.warn(m));
    return { message: 'De leerling is verwijderd.' };
  }),

  portfolioCount: async ({ db, user, params }) => ({ count: await portfolioCountOf(db, await studentIdsOf(db, user, [params.id])) }),

  ...withSignedLinks<Handlers<Pick<typeof api.students, 'portfolio' | 'details' | 'save' | 'quizResults'>>>({
    portfolio: async ({ db, user, params, app }) => found((await viewPortfolios(db, app, user, [params.userId])).get(params.userId)),

    details: async ({ db, user, params, app }) => found((await viewDetails(db, app, user, [params.id])).get(params.id)),

    save: async ({ db, user, body: sent, app }) => {
      if (sent.base) await lockUser(db, sent.id);
      const target = await userRow(db, user.organisationId, sent.id);
      // The student form edits students; a colleague's account is theirs to manage.
      if (target.role !== 'STUDENT') throw forbidden('Je kunt hier alleen het profiel van een leerling wijzigen.');
      // A queued edit with `base` takes only what she changed over a colleague's changes (issue 36).
      const record = () => userDetails(db, app, user.organisationId, target.id);
      const body = sent.base
        ? await mergeOrRefuse(sent, await record(), PROFILE_LABELS, {
            message: `Een collega heeft het profiel van ${target.name || target.email} intussen ook gewijzigd.`,
            record,
          })
        : sent;
      // A password-only request (no e-mail sent) leaves the profile as it is.
      const profile =
        body.changepassword && body.email === undefined ? null : await checkProfile(db, user, body, studyLevelLabels(app), app.limits);
      const hash = body.changepassword ? await checkPassword(db, user, target, body, app.limits) : null;
      if (profile) {
        try {
          await updateProfile(db, target.id, profile);
        } catch (err) {
          // Taken between the check and the update by a concurrent save.
          if ((err as { code?: string }).code === '23505') throw badRequest(PROFILE_INCOMPLETE, { email: EMAIL_TAKEN });
          throw err;
        }
        if (profile.classrooms) await replaceClasses(db, target.id, user.organisationId, profile.classrooms);
      }
      if (hash) {
        await setPasswordHash(db, target.id, hash);
        // Signed-in devices of the student must sign in again with the new password.
        await revokeAllOf(db, target.id);
      }
      await logAccess(db, user, target.id, { action: 'CHANGE', subject: 'PROFILE' }, app.now());
      return userDetails(db, app, user.organisationId, target.id);
    },

    quizResults: async ({ db, user, params, app }) => found((await viewQuizResults(db, app, user, [params.userId])).get(params.userId)),
  }),
};

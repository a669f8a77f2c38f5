/**
 * Calls of the students' app (docs/api-students-app.md): registration with a class code, lessons,
 * quiz results, the student's own study level, check requests (part 1 §4, §9) and portfolio work
 * (portfolio-work.ts). A student's sign-in records its LOGIN activity in the session area.
 */
import type { CheckStatus } from '../../../src/api/dashboard/types';
import type { api } from '../../../src/api/catalogue';
import { hashPassword } from '../../auth/passwords';
import { RULES } from '../../auth/rate-limit';
import { sessionIdOf, type SessionUser } from '../../auth/session-user';
import { issueTokens, revokeSession } from '../../auth/tokens';
import type { Queryable } from '../../db/database';
import type { Handlers } from '../../http/handler';
import { badRequest, conflict, forbidden, HttpError, notFound, TooManyRequests } from '../../http-error';
import { publicConfig, studyLevelKey } from '../../public-config';
import { notifyCheckRequest } from '../../push/notify';
import { CHECK_NOT_FOUND, effectiveStatus, EXPIRED_REASON } from '../dashboard/check-status';
import { setStudyLevel } from '../dashboard/queries';
import { attachImage, checkBlocks, imageOf, loadOwnItem, saveBlock } from './portfolio-work';
import {
  canSwitchStudyLevel,
  cancelCheckRequest,
  classroomByCode,
  emailTaken,
  expireOpenRequests,
  insertActivity,
  insertCheckRequest,
  insertQuizResult,
  insertStudent,
  joinClassroom,
  lessonOfStudent,
  lessonsOfClassroom,
  lockOwnCheckRequest,
  markItemSaved,
  portfolioItemFor,
  studentClassroom,
} from './queries';
import { CHECK_REQUEST_TTL_MS } from '../../constants';
import { NEW_PASSWORD_MIN_LENGTH } from '../../../src/api/schemas';

const UNKNOWN_LESSON = 'Deze les bestaat niet.';
export const NOT_YOUR_LESSON = 'Deze les hoort niet bij de modules van je klas.';
export const UNKNOWN_CODE = 'Deze klascode bestaat niet. Controleer de code bij je docent.';
/**
 * An address that has an account somewhere: the answer must not tell in which school, or that it is
 * not this class (the class code is proven, the address is not), so it only says what to do.
 */
export const EMAIL_TAKEN = 'Met dit e-mailadres kun je je niet registreren. Heb je al een account? Log dan in, of vraag je docent om hulp.';
export const LEVEL_LOCKED = 'Je docent heeft het wisselen van niveau voor jou uitgezet.';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Why a request that is no longer OPEN cannot be withdrawn, for the student. */
const STUDENT_REFUSAL: Record<Exclude<CheckStatus, 'OPEN'>, string> = {
  EXPIRED: EXPIRED_REASON,
  APPROVED: 'Je docent heeft deze aanvraag al goedgekeurd.',
  APPROVED_EXPIRED: 'Je docent heeft deze aanvraag al goedgekeurd.',
  REJECTED: 'Je docent heeft deze aanvraag al afgekeurd.',
  CANCELED: 'Je hebt deze aanvraag al ingetrokken.',
};

/** A lesson of a module of one of the student's classes (in the current school); work on others is refused. */
async function requireLesson(db: Queryable, user: SessionUser, lessonId: number): Promise<void> {
  const lesson = await lessonOfStudent(db, user, lessonId);
  if (!lesson) throw notFound(UNKNOWN_LESSON);
  if (!lesson.ours) throw forbidden(NOT_YOUR_LESSON);
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

export const studentsAppHandlers: Handlers<typeof api.studentsApp> = {
  register: async ({ db, body, app, req, reply }) => {
    const code = body.accessCode.replace(/\s/g, '').toUpperCase();
    const email = body.email.trim().toLowerCase();
    const name = (body.name ?? '').trim() || email.split('@')[0] || email;
    if (!code) throw badRequest('Vul de klascode in.', { accessCode: 'Vul de klascode in.' });
    if (!EMAIL.test(email)) throw badRequest('Vul een geldig e-mailadres in.', { email: 'Vul een geldig e-mailadres in.' });
    if (body.password.length < NEW_PASSWORD_MIN_LENGTH) {
      const reason = `Kies een wachtwoord van minstens ${NEW_PASSWORD_MIN_LENGTH} tekens.`;
      throw badRequest(reason, { password: reason });
    }
    // Class codes are short: every try is counted per address (before the lookup; committed even
    // when refused, see the HttpError's commit flag) and a registration gives its try back.
    const address = `register:address:${req.ip}`;
    const refused = await app.limits.count(db, [{ key: address, rule: RULES.registerAddress }]);
    if (refused)
      throw new TooManyRequests('Te veel pogingen om je te registreren. Wacht een minuut en probeer het opnieuw.', refused.retryAfterSecs);
    const room = await classroomByCode(db, code);
    if (!room) throw new HttpError(404, UNKNOWN_CODE, undefined, undefined, true);
    if (await emailTaken(db, email)) throw new HttpError(409, EMAIL_TAKEN, undefined, undefined, true);
    const now = app.now();
    const hash = await hashPassword(body.password);
    let userId: number;
    try {
      userId = await insertStudent(db, {
        email,
        name,
        passwordHash: hash,
        organisationId: room.organisation_id,
        classroomId: room.id,
        studyLevel: room.default_study_level || null,
        at: now,
      });
    } catch (err) {
      // Two registrations with one address at once: the unique index lets one through.
      if (isUniqueViolation(err)) throw new HttpError(409, EMAIL_TAKEN);
      throw err;
    }
    await joinClassroom(db, userId, room.organisation_id, room.id);
    await insertActivity(db, { organisationId: room.organisation_id, classroomId: room.id, userId, type: 'REGISTER', at: now });
    await app.limits.settle(db, [], [address]);
    reply.header('Cache-Control', 'no-store');
    return issueTokens(db, userId, app.tokens);
  },

  lessons: async ({ db, user }) => {
    const classroomId = await studentClassroom(db, user);
    return classroomId === null ? [] : lessonsOfClassroom(db, classroomId);
  },

  quizResult: async ({ db, user, body, app }) => {
    const title = body.title.trim();
    if (!title) throw badRequest('Geef de toets een titel.', { title: 'Geef de toets een titel.' });
    if (body.good > body.total)
      throw badRequest('Er kunnen niet meer vragen goed zijn dan er vragen zijn.', { good: 'Hoogstens het aantal vragen.' });
    await requireLesson(db, user, body.lessonId);
    const now = app.now();
    const classroomId = await studentClassroom(db, user);
    const id = await insertQuizResult(db, user, {
      lessonId: body.lessonId,
      title,
      type: body.type ?? 'quiz',
      good: body.good,
      total: body.total,
      at: now,
    });
    await insertActivity(db, {
      organisationId: user.organisationId,
      classroomId,
      userId: user.id,
      type: 'QUIZ',
      lessonId: body.lessonId,
      quizResultId: id,
      at: now,
    });
    return { id, percentage: Math.round((body.good / body.total) * 100) };
  },

  logout: async ({ db, app, req }) => {
    // This session only: the student's other devices stay signed in.
    const sid = await sessionIdOf(req, app.tokens);
    if (sid !== null) await revokeSession(db, sid);
    return { message: 'Je bent uitgelogd.' };
  },

  studyLevel: async ({ db, user, body, app }) => {
    if (!(await canSwitchStudyLevel(db, user.id))) throw forbidden(LEVEL_LOCKED);
    const key = studyLevelKey(publicConfig(app.config.publicConfig, false).study_levels, body.level);
    if (!key)
      throw badRequest(`Onbekend niveau: ${body.level.replace(/\+/g, ' ').trim()}.`, { level: 'Kies een van de niveaus van de methode.' });
    await setStudyLevel(db, user.id, key);
    return { studyLevel: key, message: 'Niveau gewijzigd.' };
  },

  requestCheck: async ({ db, user, body, app }) => {
    const now = app.now();
    await requireLesson(db, user, body.lessonId);
    const classroomId = await studentClassroom(db, user);
    if (classroomId === null) throw conflict('Je zit nog niet in een klas. Vraag je docent om de klascode.');
    await expireOpenRequests(db, user.id, body.lessonId, new Date(now.getTime() - CHECK_REQUEST_TTL_MS));
    const id = await insertCheckRequest(db, user, classroomId, body.lessonId, now);
    if (id === undefined) throw conflict('Je hebt voor deze les al een aanvraag open staan. Wacht op je docent of trek de aanvraag in.');
    await insertActivity(db, {
      organisationId: user.organisationId,
      classroomId,
      userId: user.id,
      type: 'CHECK_REQUEST',
      lessonId: body.lessonId,
      checkRequestId: id,
      at: now,
    });
    // Web Push to the class's teachers once this transaction has committed; never fails the request.
    notifyCheckRequest(app, { organisationId: user.organisationId, classroomId, checkRequestId: id, studentName: user.name });
    return { id, status: 'OPEN' };
  },

  cancelCheck: async ({ db, user, params, app }) => {
    const now = app.now();
    const row = await lockOwnCheckRequest(db, user, params.id);
    if (!row) throw notFound(CHECK_NOT_FOUND);
    const status = effectiveStatus(row.status, row.created_at, row.decided_at, now);
    if (status !== 'OPEN') throw conflict(STUDENT_REFUSAL[status], { status });
    await cancelCheckRequest(db, params.id, now);
    return { message: 'Je aanvraag is ingetrokken.' };
  },

  savePortfolioItem: async ({ db, user, body, app }) => {
    checkBlocks(body);
    await requireLesson(db, user, body.lessonId);
    const now = app.now();
    const itemId = await portfolioItemFor(db, user, body.lessonId, () => studentClassroom(db, user), now);
    for (const [position, block] of body.blocks.entries()) await saveBlock(db, itemId, block, position, body.submit);
    await markItemSaved(db, itemId, now, body.submit);
    return loadOwnItem(db, user, itemId);
  },

  portfolioImage: async ({ db, user, params, app, req }) => {
    const image = await imageOf(req, app.config.maxUploadBytes);
    return { fileId: await attachImage(db, app, user, params.id, image), message: 'De afbeelding is toegevoegd.' };
  },
};

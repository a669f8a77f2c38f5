/**
 * The dashboard (part 1 §2, §4): the activity feed of the caller's current class, check-request
 * decisions, and the current class and study level. The client polls the feed every 5 s per
 * teacher, so the poll reads the feed's version together with the caller (one query,
 * feed-version.ts): a matching If-None-Match answers 304 at once, and otherwise the class's first
 * page usually comes from the per-process cache for that version (activity-feed.ts).
 */
import type { FastifyReply } from 'fastify';
import type { api } from '../../../src/api/catalogue';
import type { CheckStatus, FeedPage } from '../../../src/api/dashboard/types';
import type { Message } from '../../../src/api/shared-types';
import { takePoll } from './poll-limit';
import type { SessionUser } from '../../auth/session-user';
import type { Database, Queryable } from '../../db/database';
import type { Handlers } from '../../http/handler';
import { badRequest, conflict, notFound } from '../../http-error';
import { publicConfig, studyLevelKey } from '../../public-config';
import { FirstPageCache, loadPage, pageJson, withReads } from './activity-feed';
import { CHECK_NOT_FOUND, effectiveStatus, EXPIRED_REASON } from './check-status';
import { currentTag, etagOf, feedState, feedStateOf } from './feed-version';
import { decideCheckRequest, lockCheckRequest, markFeedRead, setCurrentClassroom, setStudyLevel } from './queries';

// Read once per configuration: the poll asks for it on every request (issue 35).
const pageSizes = new WeakMap<Record<string, unknown>, number>();

function pageSize(config: Record<string, unknown>): number {
  let size = pageSizes.get(config);
  if (size === undefined) {
    const n = Number(publicConfig(config, false).portal_max_activities);
    size = Number.isInteger(n) && n > 0 ? Math.min(n, 500) : 25;
    pageSizes.set(config, size);
  }
  return size;
}

// One cache per database: tests build many apps side by side, each on its own database.
const caches = new WeakMap<Database, FirstPageCache>();

function cacheOf(db: Database): FirstPageCache {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new FirstPageCache()));
  return cache;
}

function revalidate(reply: FastifyReply, etag: string): void {
  reply.header('ETag', etag);
  reply.header('Cache-Control', 'private, no-cache');
}

/** Why a request that is no longer OPEN cannot be decided, for the teacher. */
const TEACHER_REFUSAL: Record<Exclude<CheckStatus, 'OPEN'>, string> = {
  EXPIRED: EXPIRED_REASON,
  APPROVED: 'Deze aanvraag is al goedgekeurd.',
  APPROVED_EXPIRED: 'Deze aanvraag is al goedgekeurd.',
  REJECTED: 'Deze aanvraag is al afgekeurd.',
  CANCELED: 'De leerling heeft deze aanvraag ingetrokken.',
};

async function decide(db: Queryable, user: SessionUser, id: number, now: Date, to: 'APPROVED' | 'REJECTED'): Promise<Message> {
  const row = await lockCheckRequest(db, id, user.organisationId);
  if (!row) throw notFound(CHECK_NOT_FOUND);
  const status = effectiveStatus(row.status, row.created_at, row.decided_at, now);
  if (status !== 'OPEN') throw conflict(TEACHER_REFUSAL[status], { status });
  await decideCheckRequest(db, id, to, now, user.id);
  return { message: to === 'APPROVED' ? 'De aanvraag is goedgekeurd.' : 'De aanvraag is afgekeurd.' };
}

export const dashboardHandlers: Handlers<typeof api.dashboard> = {
  activities: async ({ db, user, app, req, reply }) => {
    const size = pageSize(app.config.publicConfig);
    const now = app.now();
    takePoll(user.id);
    const state = await feedStateOf(db, user, req);
    const stamp = { state, userId: user.id, pageSize: size };
    const held = currentTag(req, stamp, now);
    if (held) {
      revalidate(reply, held);
      reply.code(304);
      // Fastify sends an empty 304 for an undefined answer.
      return undefined as unknown as FeedPage;
    }
    const page = await cacheOf(app.db).get(db, state, size, now);
    revalidate(reply, etagOf({ ...stamp, validUntil: page.validUntil }));
    // Fastify sends bytes as they are, with the type set here.
    reply.type('application/json; charset=utf-8');
    return pageJson(page, state.readUpTo) as unknown as FeedPage;
  },

  activitiesEarlier: async ({ db, user, app, params }) => {
    const state = await feedState(db, user);
    return withReads(await loadPage(db, state.room, pageSize(app.config.publicConfig), params.offset, app.now()), state.readUpTo);
  },

  activitiesRead: async ({ db, user, query }) => {
    await markFeedRead(db, user, query.upTo ?? null);
    return { message: 'Activiteiten gelezen.' };
  },

  approveCheck: ({ db, user, params, app }) => decide(db, user, params.id, app.now(), 'APPROVED'),
  rejectCheck: ({ db, user, params, app }) => decide(db, user, params.id, app.now(), 'REJECTED'),

  setCurrentClassroom: async ({ db, user, params }) => {
    const room = await setCurrentClassroom(db, user, params.id);
    if (!room) throw notFound('Deze klas is niet gevonden.');
    // A choice queued before the year change arrives after it: last year's class is history (issue 31).
    if (room.archivedYear) throw conflict(`Klas ${room.name} hoort bij schooljaar ${room.archivedYear}. Kies een klas van dit schooljaar.`);
    return { message: 'Huidige klas ingesteld.' };
  },

  changeStudyLevel: async ({ db, user, params, app }) => {
    // Part 1 §7: spaces arrive as plus signs; accept the key or the label.
    const key = studyLevelKey(publicConfig(app.config.publicConfig, false).study_levels, params.level);
    if (!key) throw badRequest(`Onbekend niveau: ${params.level.replace(/\+/g, ' ')}.`);
    await setStudyLevel(db, user.id, key);
    return { message: 'Niveau gewijzigd.' };
  },
};

/**
 * The dashboard's activity feed of the caller's current class (part 1 §2, §4). The client polls it
 * every 5 s per teacher, so the poll reads the feed's version together with the caller (one query,
 * feed-version.ts): a matching If-None-Match answers 304 at once, and otherwise the class's first
 * page usually comes from the per-process cache for that version (activity-feed.ts).
 */
import type { FastifyReply } from 'fastify';
import type { api } from '../../src/api/catalogue';
import type { Activity } from '../../src/api/dashboard/types';
import type { Database } from '../db/database';
import { FirstPageCache, loadPage, pageJson, withReads } from './activity-feed';
import { currentTag, etagOf, feedState, feedStateOf, ROOM } from './feed-version';
import type { Handlers } from './handler';
import { publicConfig } from './session';

function pageSize(config: Record<string, unknown>): number {
  const n = Number(publicConfig(config, false).portal_max_activities);
  return Number.isInteger(n) && n > 0 ? Math.min(n, 500) : 25;
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

export const activityHandlers: Handlers<typeof api.dashboard> = {
  activities: async ({ db, user, app, req, reply }) => {
    const size = pageSize(app.config.publicConfig);
    const now = app.now();
    const state = await feedStateOf(db, user, req);
    const stamp = { state, userId: user.id, pageSize: size };
    const held = currentTag(req, stamp, now);
    if (held) {
      revalidate(reply, held);
      reply.code(304);
      // Fastify sends an empty 304 for an undefined answer.
      return undefined as unknown as Activity[];
    }
    const page = await cacheOf(app.db).get(db, state, size, now);
    revalidate(reply, etagOf({ ...stamp, validUntil: page.validUntil }));
    // Fastify sends a string with a JSON content type as it is.
    reply.type('application/json; charset=utf-8');
    return pageJson(page, state.readUpTo) as unknown as Activity[];
  },

  activitiesEarlier: async ({ db, user, app, params }) => {
    const state = await feedState(db, user);
    return withReads(await loadPage(db, state.room, pageSize(app.config.publicConfig), params.offset, app.now()), state.readUpTo);
  },

  activitiesRead: async ({ db, user, query }) => {
    // The watermark only moves forward (GREATEST), whatever order mark-read calls arrive in, and
    // never past what the teacher has seen (upTo).
    await db.query(
      `WITH room AS (${ROOM})
       INSERT INTO activity_reads (user_id, classroom_id, read_up_to)
       SELECT $3, room.id, LEAST(COALESCE((SELECT max(a.id) FROM activities a WHERE a.classroom_id = room.id), 0), COALESCE($4::bigint, 9223372036854775807)) FROM room
       ON CONFLICT (user_id, classroom_id) DO UPDATE SET read_up_to = GREATEST(activity_reads.read_up_to, EXCLUDED.read_up_to)`,
      [user.organisationId, user.classroomId, user.id, query.upTo ?? null],
    );
    return { message: 'Activiteiten gelezen.' };
  },
};

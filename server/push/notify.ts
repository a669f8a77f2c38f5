/**
 * Web Push of new check requests to the teachers of the class (main teacher and teachers whose
 * current class it is), so the alert reaches a teacher whose app is closed. The service worker shows
 * every push as a notification: { title, body, tag, url }.
 *
 * Sending never fails or delays the student's request: notifyCheckRequest returns at once, waits
 * until the request is committed (read back outside the transaction), then sends. Subscriptions the
 * push service answers 404/410 (gone) are deleted.
 */
import webpush from 'web-push';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { vapidKeys } from './vapid';
import { PUSH_COMMIT_WAITS_MS, PUSH_SEND_TIMEOUT_MS, PUSH_TTL_SECONDS } from '../constants';

export interface CheckRequestNotice {
  organisationId: number;
  classroomId: number | null;
  checkRequestId: number;
  /** Fallbacks only: the committed row's names are used. */
  studentName?: string;
  lessonName?: string;
}

export interface PushPayload {
  title: string;
  body: string;
  tag: string;
  url: string;
}

interface Subscription {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

const pending = new WeakMap<AppContext, Set<Promise<void>>>();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts the push of a new check request and returns at once; never throws. Do not await inside a transaction. */
export function notifyCheckRequest(app: AppContext, notice: CheckRequestNotice): void {
  const job = deliver(app, notice).catch((err: unknown) =>
    console.warn('[push] check request %d: %s', notice.checkRequestId, (err as Error).message),
  );
  let set = pending.get(app);
  if (!set) pending.set(app, (set = new Set()));
  set.add(job);
  void job.finally(() => set.delete(job));
}

/** Resolves when every push started so far has been sent or given up (tests, graceful shutdown). */
export async function pushSettled(app: AppContext): Promise<void> {
  while ((pending.get(app)?.size ?? 0) > 0) await Promise.all([...(pending.get(app) ?? [])]);
}

interface Committed {
  status: string;
  organisation_id: number;
  classroom_id: number | null;
  student_name: string;
  lesson_title: string;
}

async function committedRequest(db: Queryable, id: number): Promise<Committed | undefined> {
  for (const wait of PUSH_COMMIT_WAITS_MS) {
    await sleep(wait);
    const [row] = await db.query<Committed>(
      `SELECT cr.status, cr.organisation_id, cr.classroom_id, u.name AS student_name, l.title AS lesson_title
         FROM check_requests cr JOIN users u ON u.id = cr.student_id JOIN lessons l ON l.id = cr.lesson_id
        WHERE cr.id = $1`,
      [id],
    );
    if (row) return row;
  }
  return undefined;
}

function checkRequestPayload(id: number, studentName: string, lessonName: string): PushPayload {
  return {
    title: 'Nieuwe controleaanvraag',
    body: `${studentName} vraagt om een controle van ${lessonName}`,
    tag: `check-request-${id}`,
    url: '/index',
  };
}

/** Subscriptions of the portal users who teach the class now. */
function teacherSubscriptions(db: Queryable, organisationId: number, classroomId: number): Promise<Subscription[]> {
  return db.query<Subscription>(
    `SELECT s.id, s.endpoint, s.p256dh, s.auth
       FROM push_subscriptions s
       JOIN users u ON u.id = s.user_id AND u.role <> 'STUDENT'
       JOIN memberships m ON m.user_id = u.id AND m.organisation_id = $1 AND m.active
      WHERE u.id = (SELECT main_teacher_id FROM classrooms WHERE id = $2 AND organisation_id = $1)
         OR (u.current_classroom_id = $2 AND u.current_organisation_id = $1)`,
    [organisationId, classroomId],
  );
}

async function deliver(app: AppContext, notice: CheckRequestNotice): Promise<void> {
  const row = await committedRequest(app.db, notice.checkRequestId);
  // Rolled back, or already withdrawn or decided: nothing to announce.
  if (!row || row.status !== 'OPEN' || row.classroom_id === null) return;
  const subs = await teacherSubscriptions(app.db, row.organisation_id, row.classroom_id);
  if (subs.length === 0) return;
  const payload = checkRequestPayload(
    notice.checkRequestId,
    row.student_name || notice.studentName || 'Een leerling',
    row.lesson_title || notice.lessonName || 'een les',
  );
  await Promise.all(subs.map((s) => sendOne(app, s, payload)));
}

/**
 * One encrypted push (RFC 8291 aes128gcm, VAPID RFC 8292). web-push builds the request; we send it
 * with fetch, because its own sender speaks https only and tests run a push service on plain http.
 */
export async function sendOne(app: AppContext, sub: Subscription, payload: PushPayload): Promise<number> {
  // Checked again now: the host's DNS may point somewhere else than when the teacher subscribed.
  try {
    await app.push.checkEndpoint(sub.endpoint);
  } catch (err) {
    console.warn('[push] not sent to %s: %s', URL.canParse(sub.endpoint) ? new URL(sub.endpoint).host : '?', (err as Error).message);
    return 0;
  }
  const vapid = await vapidKeys(app.db, app.config.vapid);
  const req = webpush.generateRequestDetails(
    { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'high',
    },
  );
  const res = await fetch(req.endpoint, {
    method: req.method,
    headers: req.headers as Record<string, string>,
    body: req.body ? new Uint8Array(req.body) : undefined,
    // A redirect could lead into our own network past the check above.
    redirect: 'manual',
    signal: AbortSignal.timeout(PUSH_SEND_TIMEOUT_MS),
  });
  await res.arrayBuffer().catch(() => undefined);
  if (res.status === 404 || res.status === 410) {
    await app.db.query(`DELETE FROM push_subscriptions WHERE id = $1`, [sub.id]);
  } else if (res.ok) {
    await app.db.query(`UPDATE push_subscriptions SET last_sent_at = now() WHERE id = $1`, [sub.id]);
  } else {
    console.warn('[push] %s answered %d', new URL(sub.endpoint).host, res.status);
  }
  return res.status;
}

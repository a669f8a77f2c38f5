/**
 * What students did at Het Baken: check requests, quiz results, portfolio work and the activity
 * feed over them, plus the teachers' read watermarks.
 */
import type { Param } from '../database';
import { classById, lessonOfClass, type Model, type StudentRow } from './model';
import { DAY, HOUR, MINUTE } from './random';
import { COLLEGA_ID, DOCENT_CLASSROOM_ID, DOCENT_ID } from './school';
import { demoImageFor } from './files';
import { FEEDBACK_MESSAGES, FILE_DESCRIPTIONS, REFLECTION_ANSWERS, REFLECTION_QUESTIONS } from './texts';

type Status = 'OPEN' | 'APPROVED' | 'REJECTED' | 'CANCELED' | 'EXPIRED' | 'APPROVED_EXPIRED';
type ActivityType = 'LOGIN' | 'REGISTER' | 'QUIZ' | 'PORTFOLIO_ITEM' | 'CHECK_REQUEST';

interface Activity {
  classroomId: number;
  userId: number;
  type: ActivityType;
  lessonId: number | null;
  checkRequestId: number | null;
  quizResultId: number | null;
  portfolioItemId: number | null;
  at: Date;
}

/** Rows per table, each row the values of one INSERT. */
export type ActivityRows = Record<
  | 'checkRequests'
  | 'quizResults'
  | 'portfolioItems'
  | 'portfolioBlocks'
  | 'portfolioBlockItems'
  | 'portfolioFeedback'
  | 'activities'
  | 'activityReads',
  Param[][]
>;

const ORG = 1;
const DOCENT_CLASSES = [1, 2, 3, 4];
const clampPast = (m: Model, d: Date) => (d.getTime() > m.now.getTime() - MINUTE ? m.ago(MINUTE) : d);
const later = (a: Date, b: Date) => (a.getTime() > b.getTime() ? a : b);

export function buildActivity(m: Model): ActivityRows {
  const { rng } = m;
  const recentCutoff = m.ago(30 * DAY).getTime();
  const active = m.students.filter((s) => s.orgId === ORG && s.classIds.length > 0 && (s.lastLogin?.getTime() ?? 0) > recentCutoff);
  const ofDocent = active.filter((s) => DOCENT_CLASSES.includes(s.classIds[0] ?? 0));
  const inClass = (id: number) => active.filter((s) => s.classIds[0] === id);
  /** Mostly students of docent's classes. */
  const pickStudent = (): StudentRow => (rng.chance(0.65) ? rng.pick(ofDocent) : rng.pick(active));
  /** A student (from pick) who had registered before `at`. */
  const registeredBefore = (at: Date, pick: () => StudentRow = pickStudent): StudentRow => {
    for (;;) {
      const s = pick();
      if (s.regDate < at) return s;
    }
  };
  const classOf = (s: StudentRow) => classById(m, s.classIds[0] ?? 0);
  const feed: Activity[] = [];
  const act = (s: StudentRow, type: ActivityType, at: Date, extra: Partial<Activity> = {}) => {
    feed.push({
      classroomId: classOf(s).id,
      userId: s.id,
      type,
      lessonId: null,
      checkRequestId: null,
      quizResultId: null,
      portfolioItemId: null,
      at,
      ...extra,
    });
    if (type === 'LOGIN' && (s.lastLogin === null || s.lastLogin < at)) {
      s.lastLogin = at;
      s.lastActive = clampPast(m, new Date(at.getTime() + rng.int(3, 50) * MINUTE));
    }
  };

  // Recent registrations (before anything else the student did).
  for (const s of rng.sample(
    active.filter((x) => x.id > 3),
    20,
  )) {
    const at = m.ago(rng.int(60, 14 * 24 * 60) * MINUTE);
    s.regDate = at;
    act(s, 'REGISTER', at);
  }

  // Check requests: every status; the OPEN ones are from the last three hours.
  const plan: [Status, number][] = [
    ['OPEN', 7],
    ['APPROVED', 14],
    ['REJECTED', 8],
    ['CANCELED', 6],
    ['EXPIRED', 8],
    ['APPROVED_EXPIRED', 14],
  ];
  const requests: {
    id: number;
    s: StudentRow;
    lessonId: number;
    status: Status;
    at: Date;
    decidedAt: Date | null;
    decidedBy: number | null;
  }[] = [];
  for (const [status, count] of plan) {
    for (let k = 0; k < count; k++) {
      const minutesAgo =
        status === 'OPEN'
          ? 10 + k * 23 + rng.int(0, 15)
          : status === 'APPROVED'
            ? rng.int(90, 22 * 60)
            : status === 'EXPIRED' || status === 'APPROVED_EXPIRED'
              ? rng.int(26 * 60, 13 * 24 * 60)
              : rng.int(60, 13 * 24 * 60);
      const at = m.ago(minutesAgo * MINUTE);
      // At least three (here four) OPEN ones in docent's current class.
      const s = registeredBefore(at, status === 'OPEN' && k < 4 ? () => rng.pick(inClass(DOCENT_CLASSROOM_ID)) : pickStudent);
      const decided = status === 'OPEN' || status === 'EXPIRED' ? null : clampPast(m, new Date(at.getTime() + rng.int(3, 55) * MINUTE));
      const decidedBy = decided && status !== 'CANCELED' ? classOf(s).mainTeacherId : null;
      requests.push({ id: 0, s, lessonId: lessonOfClass(m, classOf(s)).id, status, at, decidedAt: decided, decidedBy });
    }
  }
  requests.sort((a, b) => a.at.getTime() - b.at.getTime());
  requests.forEach((r, i) => {
    r.id = i + 1;
    act(r.s, 'CHECK_REQUEST', r.at, { lessonId: r.lessonId, checkRequestId: r.id });
  });
  const checkRequests = requests.map((r) => [r.id, ORG, classOf(r.s).id, r.s.id, r.lessonId, r.status, r.at, r.decidedAt, r.decidedBy]);

  // Quiz results over the last eight weeks; the recent ones are in the feed.
  const quizzes: { s: StudentRow; lessonId: number; title: string; type: string; good: number; total: number; at: Date }[] = [];
  for (let k = 0; k < 200; k++) {
    const s = pickStudent();
    const lesson = lessonOfClass(m, classOf(s));
    const total = rng.int(5, 20);
    const at = later(m.ago(rng.int(30, (rng.chance(0.45) ? 14 : 56) * 24 * 60) * MINUTE), s.regDate);
    quizzes.push({
      s,
      lessonId: lesson.id,
      title: `Toets: ${lesson.title}`,
      type: 'quiz',
      good: rng.int(Math.floor(total * 0.3), total),
      total,
      at,
    });
  }
  const personality = registeredBefore(m.ago(26 * HOUR), () => rng.pick(inClass(DOCENT_CLASSROOM_ID)));
  const pLesson = lessonOfClass(m, classOf(personality));
  quizzes.push({
    s: personality,
    lessonId: pLesson.id,
    title: `Persoonlijkheidstest: ${pLesson.title}`,
    type: 'personality',
    good: 7,
    total: 10,
    at: m.ago(26 * HOUR),
  });
  quizzes.sort((a, b) => a.at.getTime() - b.at.getTime());
  const quizResults = quizzes.map((q, i) => {
    if (q.at > m.ago(14 * DAY)) act(q.s, 'QUIZ', q.at, { lessonId: q.lessonId, quizResultId: i + 1 });
    return [i + 1, ORG, q.s.id, q.lessonId, q.title, q.type, q.good, q.total, q.at];
  });

  // Portfolio items with a FILE block, sometimes a second one, mostly a reflection.
  const portfolio = buildPortfolio(m, pickStudent, classOf, act);

  // Logins fill the feed up to about 400 rows.
  while (feed.length < 400) {
    const at = m.ago(rng.int(5, 14 * 24 * 60) * MINUTE);
    act(registeredBefore(at), 'LOGIN', at);
  }

  feed.sort((a, b) => a.at.getTime() - b.at.getTime());
  const activities = feed.map((a, i) => [
    i + 1,
    ORG,
    a.classroomId,
    a.userId,
    a.type,
    a.lessonId,
    a.checkRequestId,
    a.quizResultId,
    a.portfolioItemId,
    a.at,
  ]);

  // Read watermarks: docent has not read the newest few of the current class (the OPEN requests among them).
  const idsIn = (classroomId: number) => feed.flatMap((a, i) => (a.classroomId === classroomId ? [i + 1] : []));
  const current = idsIn(DOCENT_CLASSROOM_ID);
  const firstOpen =
    feed.findIndex(
      (a) =>
        a.classroomId === DOCENT_CLASSROOM_ID &&
        a.type === 'CHECK_REQUEST' &&
        requests.find((r) => r.id === a.checkRequestId)?.status === 'OPEN',
    ) + 1;
  const before = current.filter((id) => id < firstOpen);
  const watermark = before[Math.max(0, before.length - 3)] ?? 0;
  const activityReads: Param[][] = [[DOCENT_ID, DOCENT_CLASSROOM_ID, watermark]];
  for (const [userId, classroomId] of [
    [DOCENT_ID, 2],
    [DOCENT_ID, 3],
    [COLLEGA_ID, 5],
    [COLLEGA_ID, 6],
  ] as const) {
    const ids = idsIn(classroomId);
    activityReads.push([userId, classroomId, ids[Math.max(0, ids.length - 1 - rng.int(0, 2))] ?? 0]);
  }

  return { checkRequests, quizResults, ...portfolio, activities, activityReads };
}

function buildPortfolio(
  m: Model,
  pickStudent: () => StudentRow,
  classOf: (s: StudentRow) => ReturnType<typeof classById>,
  act: (s: StudentRow, type: ActivityType, at: Date, extra?: Partial<Activity>) => void,
) {
  const { rng } = m;
  const made = new Set<string>();
  const items: { s: StudentRow; lessonId: number; title: string; created: Date; updated: Date; submitted: boolean }[] = [];
  while (items.length < 120) {
    const s = pickStudent();
    const lesson = lessonOfClass(m, classOf(s));
    if (made.has(`${s.id}:${lesson.id}`)) continue;
    made.add(`${s.id}:${lesson.id}`);
    const created = later(m.ago(rng.int(60, 42 * 24 * 60) * MINUTE), s.regDate);
    const updated = clampPast(m, new Date(created.getTime() + rng.int(5, 3 * 24 * 60) * MINUTE));
    items.push({ s, lessonId: lesson.id, title: lesson.title, created, updated, submitted: rng.chance(0.8) });
  }
  items.sort((a, b) => a.updated.getTime() - b.updated.getTime());
  const portfolioItems: Param[][] = [];
  const portfolioBlocks: Param[][] = [];
  const portfolioBlockItems: Param[][] = [];
  const portfolioFeedback: Param[][] = [];
  items.forEach((it, i) => {
    const id = i + 1;
    const c = classOf(it.s);
    portfolioItems.push([id, ORG, it.s.id, c.id, it.lessonId, it.s.level, it.submitted ? it.updated : null, it.created, it.updated]);
    if (it.updated > m.ago(14 * DAY)) act(it.s, 'PORTFOLIO_ITEM', it.updated, { lessonId: it.lessonId, portfolioItemId: id });
    const keys: ['FILE' | 'REFLECTION', string][] = [['FILE', 'opdracht-1']];
    if (rng.chance(0.3)) keys.push(['FILE', 'opdracht-2']);
    if (rng.chance(0.8)) keys.push(['REFLECTION', 'reflectie']);
    keys.forEach(([type, key], position) => {
      const blockId = portfolioBlocks.length + 1;
      const status = it.submitted ? rng.pick(['PERFECT', 'GOOD', 'GOOD', 'WRONG', '', ''] as const) : '';
      portfolioBlocks.push([blockId, id, key, type, status, it.submitted, position]);
      const item = (index: number, description: string, subtitle: string, value: string, fileId: string | null = null) =>
        portfolioBlockItems.push([portfolioBlockItems.length + 1, blockId, index, description, subtitle, value, fileId]);
      if (type === 'FILE') {
        const n = rng.int(1, 2);
        for (let k = 1; k <= n; k++) item(k, rng.pick(FILE_DESCRIPTIONS)(it.title), '', '', demoImageFor(blockId, k));
      } else {
        REFLECTION_QUESTIONS.forEach((q, k) => item(k + 1, '', q, rng.pick(REFLECTION_ANSWERS[k] ?? [''])));
      }
      if (status !== '' && rng.chance(0.45)) {
        const teacherId =
          c.mainTeacherId === DOCENT_ID || c.mainTeacherId === COLLEGA_ID ? c.mainTeacherId : rng.pick([DOCENT_ID, COLLEGA_ID]);
        const at = clampPast(m, new Date(it.updated.getTime() + rng.int(30, 48 * 60) * MINUTE));
        const readAt = rng.chance(0.5) ? clampPast(m, new Date(at.getTime() + rng.int(10, 24 * 60) * MINUTE)) : null;
        portfolioFeedback.push([portfolioFeedback.length + 1, blockId, teacherId, rng.pick(FEEDBACK_MESSAGES), readAt, at]);
      }
    });
  });
  return { portfolioItems, portfolioBlocks, portfolioBlockItems, portfolioFeedback };
}

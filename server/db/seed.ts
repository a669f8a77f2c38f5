/**
 * Demo data: two schools (Het Baken active, De Linde inactive), their teachers, ~340 students and
 * classes, the method content, activity, portfolios, material, exams, wishlist and licences.
 * Fills an empty migrated database in one transaction. Deterministic apart from password salts:
 * every random choice comes from a seeded PRNG and every date is relative to `now`.
 */
import { hashPassword } from '../auth/passwords';
import type { Database, Param } from './database';
import { buildActivity } from './demo/activity';
import { lessonBody, SECTIONS, STUDY_LEVELS } from './demo/content';
import { buildExtras } from './demo/extras';
import { listDemoFiles, type DemoFile } from './demo/files';
import { insertRows, syncSequences } from './demo/insert';
import type { ChapterRow, LessonRow, Model } from './demo/model';
import { DEMO_PASSWORD } from './demo/people';
import { createRng, DAY } from './demo/random';
import { buildSchool, LEERLING_ID } from './demo/school';

export { DOCENT_ID, COLLEGA_ID, DOCENT_CLASSROOM_ID } from './demo/school';
export { OVERUSED_CHAPTER_ID } from './demo/extras';
export { DEMO_PASSWORD } from './demo/people';

const SEED = 20240901;

/** Every file row the seeder creates, so a later step can write real PDF bytes for them. */
export function demoFiles(): DemoFile[] {
  return listDemoFiles();
}

export async function seedDemo(db: Database, now = new Date()): Promise<void> {
  // One hash per account that can sign in (scrypt is slow on purpose).
  const [docent, collega, leerling] = await Promise.all([
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
    hashPassword(DEMO_PASSWORD),
  ]);

  const m: Model = {
    now,
    rng: createRng(SEED),
    ago: (ms) => new Date(now.getTime() - ms),
    chapters: [],
    lessons: new Map(),
    teachers: [],
    students: [],
    classrooms: [],
  };

  // Method content.
  const sections: Param[][] = [];
  const chapters: Param[][] = [];
  const lessons: Param[][] = [];
  SECTIONS.forEach((section, si) => {
    const sectionId = si + 1;
    sections.push([sectionId, section.name, section.active, sectionId]);
    section.chapters.forEach((chapter, ci) => {
      const levels = chapter.levels ?? STUDY_LEVELS;
      const row: ChapterRow = { id: m.chapters.length + 1, sectionId, name: chapter.name, levels, lessonIds: [] };
      m.chapters.push(row);
      chapters.push([row.id, sectionId, chapter.name, ci + 1, [...levels]]);
      chapter.lessons.forEach((lesson, li) => {
        const l: LessonRow = { id: m.lessons.size + 1, chapterId: row.id, title: lesson.title };
        m.lessons.set(l.id, l);
        row.lessonIds.push(l.id);
        lessons.push([l.id, row.id, lesson.title, li + 1, null, JSON.stringify(lessonBody(lesson, levels, l.id))]);
      });
    });
  });

  buildSchool(m, { docent, collega, leerling });
  const activity = buildActivity(m);
  const extras = buildExtras(m);

  const users: Param[][] = [];
  const memberships: Param[][] = [];
  for (const t of m.teachers) {
    users.push([
      t.id,
      t.email,
      t.name,
      t.passwordHash,
      'ADMIN',
      t.currentOrg,
      t.currentClassroomId,
      t.studyLevel,
      false,
      true,
      t.lastLogin,
      t.lastLogin,
      null,
      t.regDate,
      t.regDate,
    ]);
    // Invited and never signed in: a pending membership (migration 017) until the invitation is used.
    const pending = t.invitedAt !== null && t.lastLogin === null;
    for (const org of t.organisations)
      memberships.push([t.id, org, t.inactiveSince === null && !pending, t.inactiveSince, t.invitedAt, pending]);
  }
  for (const s of m.students) {
    const hash = s.id === LEERLING_ID ? leerling : null;
    users.push([
      s.id,
      s.email,
      s.name,
      hash,
      'STUDENT',
      s.orgId,
      s.classIds[0] ?? null,
      s.level,
      s.isExternal,
      s.canSwitchLevel,
      s.lastLogin,
      s.lastActive,
      s.lastLessonId,
      s.regDate,
      s.regDate,
    ]);
    memberships.push([s.id, s.orgId, true, null, null, false]);
  }
  users.sort((a, b) => Number(a[0]) - Number(b[0]));

  await db.transaction(async (tx) => {
    const ins = (table: string, columns: string, rows: readonly (readonly Param[])[]) =>
      insertRows(
        tx,
        table,
        columns.split(',').map((c) => c.trim()),
        rows,
      );
    await ins('organisations', 'id, name, location, city, active, extend_intention, extend_contact_email, created_at', [
      [1, 'Het Baken', 'Vestiging Noord', 'Zwolle', 1, false, '', m.ago(900 * DAY)],
      [2, 'Scholengemeenschap De Linde', 'Locatie Centrum', 'Amersfoort', 0, false, '', m.ago(700 * DAY)],
    ]);
    await ins('sections', 'id, name, active, position', sections);
    await ins('chapters', 'id, section_id, name, position, levels', chapters);
    await ins('lessons', 'id, chapter_id, title, position, image, body', lessons);
    await ins(
      'users',
      'id, email, name, password_hash, role, current_organisation_id, current_classroom_id, study_level, is_external, can_switch_study_level, last_login, last_active, last_lesson_id, reg_date, created_at',
      users,
    );
    await ins('memberships', 'user_id, organisation_id, active, inactive_since, invited_at, pending', memberships);
    await ins(
      'classrooms',
      'id, organisation_id, name, access_code, main_teacher_id, default_study_level, answers_activated, hidden, created_at',
      m.classrooms.map((c) => [c.id, c.orgId, c.name, c.accessCode, c.mainTeacherId, c.level, c.answersActivated, false, c.createdAt]),
    );
    await ins(
      'classroom_chapters',
      'classroom_id, chapter_id',
      m.classrooms.flatMap((c) => c.chapterIds.map((ch) => [c.id, ch])),
    );
    await ins(
      'classroom_students',
      'classroom_id, user_id',
      m.classrooms.flatMap((c) => c.studentIds.map((s) => [c.id, s])),
    );
    await ins(
      'check_requests',
      'id, organisation_id, classroom_id, student_id, lesson_id, status, created_at, decided_at, decided_by',
      activity.checkRequests,
    );
    await ins('quiz_results', 'id, organisation_id, user_id, lesson_id, title, type, good, total, created_at', activity.quizResults);
    // Before the portfolio: its photos are files.
    await ins('files', 'id, organisation_id, owner_id, filename, mime, size, storage_key, created_at', extras.files);
    await ins(
      'portfolio_items',
      'id, organisation_id, user_id, classroom_id, lesson_id, study_level, submitted_at, created_at, updated_at',
      activity.portfolioItems,
    );
    await ins('portfolio_blocks', 'id, portfolio_item_id, key, type, status, is_submitted, position', activity.portfolioBlocks);
    await ins('portfolio_block_items', 'id, block_id, index_number, description, subtitle, value, file_id', activity.portfolioBlockItems);
    await ins('portfolio_feedback', 'id, block_id, teacher_id, message, read_at, created_at', activity.portfolioFeedback);
    await ins(
      'activities',
      'id, organisation_id, classroom_id, user_id, type, lesson_id, check_request_id, quiz_result_id, portfolio_item_id, created_at',
      activity.activities,
    );
    await ins('activity_reads', 'user_id, classroom_id, read_up_to', activity.activityReads);
    await ins('documents', 'id, organisation_id, owner_id, title, hidden, created_at, updated_at', extras.documents);
    await ins('document_files', 'document_id, file_id, title, position', extras.documentFiles);
    await ins('exams', 'id, section_id, title, variant, content_file_id, answer_file_id, hidden, published_at, updated_at', extras.exams);
    await ins('wishlist_items', 'id, organisation_id, user_id, title, description, active, created_at', extras.wishlistItems);
    await ins('wishlist_comments', 'id, wishlist_item_id, user_id, comment, created_at', extras.wishlistComments);
    await ins('wishlist_votes', 'wishlist_item_id, user_id, direction', extras.wishlistVotes);
    await ins('wishlist_reads', 'wishlist_item_id, user_id', extras.wishlistReads);
    await ins('licences', 'organisation_id, chapter_id, license_count', extras.licences);
    await ins('settings', 'key, value', [['demo', 'true']]);
    await syncSequences(tx, [
      'organisations',
      'users',
      'sections',
      'chapters',
      'lessons',
      'classrooms',
      'check_requests',
      'quiz_results',
      'portfolio_items',
      'portfolio_blocks',
      'portfolio_block_items',
      'portfolio_feedback',
      'activities',
      'documents',
      'exams',
      'wishlist_items',
      'wishlist_comments',
    ]);
  });
}

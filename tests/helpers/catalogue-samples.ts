/**
 * Samples for the adversarial server tests, generated from the endpoint catalogue: which kind of
 * record every id-like path parameter names, rows of the other school (2) to aim at, and a valid
 * baseline request per route that the input tests mutate.
 */
import { catalogue, type CatalogueEntry } from '../../src/api/catalogue';
import { buildPath, type EndpointDef } from '../../src/api/endpoint';
import type { Queryable } from '../../server/db/database';

/** Path parameters that name a record. offset (a feed position), provider (an OIDC_PROVIDERS id) and the secrets (refreshToken, an invitation token, a print hash) are not records. */
export const ID_PARAMS = ['id', 'userId', 'chapterId', 'firstLessonId', 'feedbackId', 'fileId', 'organisationId'] as const;
export const NOT_ID_PARAMS = ['offset', 'refreshToken', 'level', 'action', 'token', 'hash', 'provider'] as const;

export type IdKind =
  | 'classroom'
  | 'student'
  | 'teacher'
  | 'organisation'
  | 'portfolioItem'
  | 'feedback'
  | 'wishlistItem'
  | 'wishlistComment'
  | 'document'
  | 'documentFile'
  | 'checkRequest'
  /** Method content (chapters, lessons, exam files) is the same for every school: nothing to isolate. */
  | 'method';

/** What the id of each route names, by "catalogue id:parameter". A new route with an id must be added here. */
export const ID_KIND: Record<string, IdKind> = {
  'dashboard.approveCheck:id': 'checkRequest',
  'dashboard.rejectCheck:id': 'checkRequest',
  'classrooms.details:id': 'classroom',
  'classrooms.delete:id': 'classroom',
  'students.delete:id': 'student',
  'students.portfolioCount:id': 'student',
  'classrooms.students:id': 'classroom',
  'teachers.activate:id': 'teacher',
  'teachers.deactivate:id': 'teacher',
  'documents.addFile:id': 'document',
  'documents.details:id': 'document',
  'documents.delete:id': 'document',
  'documents.deleteFile:id': 'documentFile',
  'documents.file:id': 'documentFile',
  'printing.chapterLevels:chapterId': 'method',
  'printing.requestDownload:firstLessonId': 'method',
  'exams.request:fileId': 'method',
  'portfolios.details:id': 'portfolioItem',
  'portfolios.progress:id': 'classroom',
  'portfolios.removeFeedback:feedbackId': 'feedback',
  'students.portfolio:userId': 'student',
  'students.details:id': 'student',
  'students.quizResults:userId': 'student',
  'students.privacy:id': 'student',
  'students.exportData:id': 'student',
  'students.erase:id': 'student',
  'session.setCurrentOrganisation:id': 'organisation',
  'session.acceptSchoolInvitation:id': 'organisation',
  'session.declineSchoolInvitation:id': 'organisation',
  'dashboard.setCurrentClassroom:id': 'classroom',
  'wishlist.read:id': 'wishlistItem',
  'wishlist.voteUp:id': 'wishlistItem',
  'wishlist.voteDown:id': 'wishlistItem',
  'wishlist.details:id': 'wishlistItem',
  'wishlist.delete:id': 'wishlistItem',
  'wishlist.deleteComment:id': 'wishlistComment',
  'studentsApp.cancelCheck:id': 'checkRequest',
  'studentsApp.portfolioImage:id': 'portfolioItem',
  'offline.copy:organisationId': 'organisation',
  'offline.files:organisationId': 'organisation',
};

export const pathParams = (path: string): string[] => [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);

/** Every (route, id parameter) pair of the catalogue. */
export function idRoutes(): { entry: CatalogueEntry; param: string; key: string }[] {
  return catalogue.flatMap((entry) =>
    pathParams(entry.def.path)
      .filter((p) => (ID_PARAMS as readonly string[]).includes(p))
      .map((param) => ({ entry, param, key: `${entry.id}:${param}` })),
  );
}

/** Text that only school 2 holds: finding any of it in an answer to a school-1 caller is a leak. */
export const MARKER = 'GEHEIM-DELINDE';

export type OtherSchool = Record<Exclude<IdKind, 'method'>, number | string> & { secrets: string[] };

/**
 * Rows of school 2 for every kind (the demo seed has no portfolio items, documents or check
 * requests there, so they are made here), plus the strings that must never reach school 1.
 */
export async function seedOtherSchool(db: Queryable): Promise<OtherSchool> {
  const one = async <T>(sql: string, params: (string | number)[] = []) => {
    const [row] = await db.query<T>(sql, params);
    if (!row) throw new Error(`no row for ${sql}`);
    return row;
  };
  const { id: classroom } = await one<{ id: number }>(`SELECT id FROM classrooms WHERE organisation_id = 2 ORDER BY id LIMIT 1`);
  const onlyTwo = `u.id IN (SELECT user_id FROM memberships WHERE organisation_id = 2) AND u.id NOT IN (SELECT user_id FROM memberships WHERE organisation_id <> 2)`;
  const { id: student } = await one<{ id: number }>(`SELECT id FROM users u WHERE role = 'STUDENT' AND ${onlyTwo} ORDER BY id LIMIT 1`);
  const { id: teacher } = await one<{ id: number }>(`SELECT id FROM users u WHERE role <> 'STUDENT' AND ${onlyTwo} ORDER BY id LIMIT 1`);
  const { id: lesson } = await one<{ id: number }>(`SELECT min(id) AS id FROM lessons`);
  const { id: portfolioItem } = await one<{ id: number }>(
    `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id, submitted_at) VALUES (2, $1, $2, $3, now()) RETURNING id`,
    [student, classroom, lesson],
  );
  const { id: block } = await one<{ id: number }>(
    `INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted) VALUES ($1, 'blok-1', 'REFLECTION', true) RETURNING id`,
    [portfolioItem],
  );
  await db.query(`INSERT INTO portfolio_block_items (block_id, value) VALUES ($1, $2)`, [block, `${MARKER} reflectie`]);
  const { id: feedback } = await one<{ id: number }>(
    `INSERT INTO portfolio_feedback (block_id, teacher_id, message) VALUES ($1, $2, $3) RETURNING id`,
    [block, teacher, `${MARKER} feedback`],
  );
  const { id: wishlistItem } = await one<{ id: number }>(`SELECT id FROM wishlist_items WHERE organisation_id = 2 ORDER BY id LIMIT 1`);
  await db.query(`UPDATE wishlist_items SET title = $2 WHERE id = $1`, [wishlistItem, `${MARKER} wens`]);
  const { id: wishlistComment } = await one<{ id: number }>(
    `SELECT c.id FROM wishlist_comments c JOIN wishlist_items w ON w.id = c.wishlist_item_id WHERE w.organisation_id = 2 ORDER BY c.id LIMIT 1`,
  );
  await db.query(`UPDATE wishlist_comments SET comment = $2 WHERE id = $1`, [wishlistComment, `${MARKER} reactie`]);
  const { id: document } = await one<{ id: number }>(
    `INSERT INTO documents (organisation_id, owner_id, title) VALUES (2, $1, $2) RETURNING id`,
    [teacher, `${MARKER} lesmateriaal`],
  );
  const documentFile = 'delinde-file-0001';
  await db.query(
    `INSERT INTO files (id, organisation_id, owner_id, filename, mime, size, storage_key) VALUES ($1, 2, $2, $3, 'application/pdf', 10, $4)`,
    [documentFile, teacher, `${MARKER}.pdf`, `uploads/2/${documentFile}`],
  );
  await db.query(`INSERT INTO document_files (document_id, file_id, title) VALUES ($1, $2, $3)`, [
    document,
    documentFile,
    `${MARKER} bestand`,
  ]);
  const { id: checkRequest } = await one<{ id: number }>(
    `INSERT INTO check_requests (organisation_id, classroom_id, student_id, lesson_id) VALUES (2, $1, $2, $3) RETURNING id`,
    [classroom, student, lesson],
  );
  // Names and addresses of people who are only in school 2 (unless a school-1 person has the same name).
  const people = await db.query<{ name: string; email: string }>(
    `SELECT u.name, u.email FROM users u WHERE ${onlyTwo} AND u.name NOT IN (SELECT name FROM users v WHERE v.id IN (SELECT user_id FROM memberships WHERE organisation_id <> 2))`,
  );
  const secrets = [MARKER, 'De Linde', 'delinde.nl', ...people.flatMap((p) => [p.name, p.email])];
  return {
    classroom,
    student,
    teacher,
    organisation: 2,
    portfolioItem,
    feedback,
    wishlistItem,
    wishlistComment,
    document,
    documentFile,
    checkRequest,
    secrets,
  };
}

/** A fingerprint of school 2's data: any change made by a school-1 caller shows up here. */
export async function otherSchoolState(db: Queryable): Promise<string> {
  const rows = await db.query(
    `SELECT
       (SELECT json_agg(json_build_object('id', id, 'name', name, 'hidden', hidden, 'teacher', main_teacher_id) ORDER BY id) FROM classrooms WHERE organisation_id = 2) AS classrooms,
       (SELECT json_agg(json_build_object('c', classroom_id, 'u', user_id) ORDER BY classroom_id, user_id) FROM classroom_students WHERE classroom_id IN (SELECT id FROM classrooms WHERE organisation_id = 2)) AS students,
       (SELECT json_agg(json_build_object('u', user_id, 'a', active) ORDER BY user_id) FROM memberships WHERE organisation_id = 2) AS members,
       (SELECT json_agg(json_build_object('id', u.id, 'name', u.name, 'email', u.email, 'level', u.study_level, 'pw', u.password_hash) ORDER BY u.id)
          FROM users u WHERE u.id IN (SELECT user_id FROM memberships WHERE organisation_id = 2) AND u.id > 3) AS users,
       (SELECT json_agg(json_build_object('id', id, 'title', title, 'active', active) ORDER BY id) FROM wishlist_items WHERE organisation_id = 2) AS wishes,
       (SELECT count(*) FROM wishlist_comments WHERE wishlist_item_id IN (SELECT id FROM wishlist_items WHERE organisation_id = 2)) AS comments,
       (SELECT count(*) FROM wishlist_votes WHERE wishlist_item_id IN (SELECT id FROM wishlist_items WHERE organisation_id = 2)) AS votes,
       (SELECT count(*) FROM wishlist_reads WHERE wishlist_item_id IN (SELECT id FROM wishlist_items WHERE organisation_id = 2)) AS wish_reads,
       (SELECT json_agg(json_build_object('id', id, 'title', title) ORDER BY id) FROM documents WHERE organisation_id = 2) AS documents,
       (SELECT count(*) FROM files WHERE organisation_id = 2) AS files,
       (SELECT json_agg(json_build_object('id', id, 'status', status) ORDER BY id) FROM check_requests WHERE organisation_id = 2) AS checks,
       (SELECT json_agg(json_build_object('id', f.id, 'm', f.message) ORDER BY f.id) FROM portfolio_feedback f JOIN portfolio_blocks b ON b.id = f.block_id
          JOIN portfolio_items p ON p.id = b.portfolio_item_id WHERE p.organisation_id = 2) AS feedback,
       (SELECT json_agg(json_build_object('id', b.id, 's', b.status) ORDER BY b.id) FROM portfolio_blocks b JOIN portfolio_items p ON p.id = b.portfolio_item_id
          WHERE p.organisation_id = 2) AS blocks`,
  );
  return JSON.stringify(rows[0]);
}

/** Row counts of every table, to prove a refused request changed nothing. */
export async function tableCounts(db: Queryable): Promise<Record<string, number>> {
  const tables = await db.query<{ name: string }>(
    `SELECT table_name AS name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' ORDER BY 1`,
  );
  const sql = tables.map((t) => `SELECT '${t.name}' AS name, count(*)::int AS n FROM "${t.name}"`).join(' UNION ALL ');
  const rows = await db.query<{ name: string; n: number }>(sql);
  return Object.fromEntries(rows.map((r) => [r.name, r.n]));
}

/** Every string value anywhere in a JSON value. */
export function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** A URL for a route with every path parameter filled from `values` (default '1', or 'x' for words). */
export function urlFor(def: EndpointDef, values: Record<string, string | number> = {}): string {
  const params: Record<string, string | number> = {};
  for (const p of pathParams(def.path))
    params[p] =
      values[p] ?? (p === 'level' || p === 'action' ? 'x' : p === 'provider' ? 'school' : p === 'refreshToken' ? 'x'.repeat(20) : 1);
  // A required query field gets its lowest allowed value (the school year's archived classes: ?year=2000).
  const query = def.query as { required?: string[]; properties?: Record<string, { minimum?: number }> } | undefined;
  const required = (query?.required ?? []).map((name) => `${name}=${query?.properties?.[name]?.minimum ?? 1}`);
  return '/api/' + buildPath(def.path, params) + (required.length ? `?${required.join('&')}` : '');
}

/** A png signature and header chunk: enough for the allow-list's magic-byte check. */
export const tinyPng = () =>
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

/** A minimal pdf that passes the upload allow-list. */
export const tinyPdf = (text = 'hallo') => Buffer.from(`%PDF-1.4\n% ${text}\n%%EOF\n`);

export async function multipartBody(files: { name: string; bytes: Buffer; type?: string }[], fields: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('file', new Blob([new Uint8Array(f.bytes)], f.type ? { type: f.type } : {}), f.name);
  const res = new Response(form);
  return { payload: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? '' };
}

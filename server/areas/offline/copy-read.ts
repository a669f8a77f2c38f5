/**
 * The offline copy, read in one transaction: the plan of copy-plan.ts run through the very handlers
 * that answer each read on its own route, so every entry is exactly that route's answer (through its
 * answer schema, with its ETag). The access log those handlers write is held and written in one
 * statement at the end, in the same transaction.
 */
import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { findEndpoint } from '../../../src/api/catalogue';
import type { OfflineCopyEntry } from '../../../src/api/offline/types';
import type { SessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import type { Ctx, Handler } from '../../http/handler';
import { etagOfBody } from '../../http/read-etag';
import { requireEntryAllowed } from '../../http/registry';
import { HttpError } from '../../http-error';
import { classroomsHandlers } from '../classrooms/handlers';
import { documentsHandlers } from '../documents/handlers';
import { examsHandlers } from '../exams/handlers';
import { signFileLinks } from '../portfolios/file-links';
import { portfoliosHandlers } from '../portfolios/handlers';
import { printingHandlers } from '../printing/handlers';
import { sessionHandlers } from '../session/handlers';
import { withAccessLogBatch } from '../students/access-log';
import { studentsHandlers } from '../students/handlers';
import { viewDetails, viewPortfolios, viewQuizResults } from '../students/student-reads';
import { teachersHandlers } from '../teachers/handlers';
import { expand, fileLinks, firstReads, readKey, type CopyRead } from './copy-plan';

// Looked up by id: each handler is typed against its own entry, the plan names them by string.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers of many endpoint types in one map
type AnyHandler = Handler<any>;

/** Every read the plan can name, with its handler. */
const HANDLERS: Record<string, AnyHandler> = {
  'classrooms.school': classroomsHandlers.school,
  'classrooms.details': classroomsHandlers.details,
  'classrooms.students': classroomsHandlers.students,
  'classrooms.sections': classroomsHandlers.sections,
  'classrooms.idleStudents': classroomsHandlers.idleStudents,
  'classrooms.orphanStudents': classroomsHandlers.orphanStudents,
  'session.organisationInfo': sessionHandlers.organisationInfo,
  'teachers.list': teachersHandlers.list,
  'portfolios.filters': portfoliosHandlers.filters,
  'portfolios.list': portfoliosHandlers.list,
  'portfolios.details': portfoliosHandlers.details,
  'portfolios.progress': portfoliosHandlers.progress,
  'documents.list': documentsHandlers.list,
  'exams.list': examsHandlers.list,
  'students.details': studentsHandlers.details,
  'students.quizResults': studentsHandlers.quizResults,
  'students.portfolio': studentsHandlers.portfolio,
  'printing.chapterLevels': printingHandlers.chapterLevels,
};

/** Answers whose /api/files/ links the copy keeps (portfolio images, document files). */
const LINKS_FILES = new Set(['students.portfolio', 'portfolios.details', 'documents.list']);

export interface CopyAnswer {
  version: string;
  files: string[];
  /** One line per entry, each `OfflineCopyEntry` as JSON. */
  lines: string[];
}

/** The reads this caller may make at all (a school without licences, portfolios switched off), checked before the transaction. */
async function allowedReads(user: SessionUser, app: AppContext): Promise<Set<string>> {
  const allowed = new Set<string>();
  for (const id of Object.keys(HANDLERS)) {
    const def = findEndpoint(id);
    if (!def) continue;
    try {
      await requireEntryAllowed(def, user, app);
      allowed.add(id);
    } catch (err) {
      if (!(err instanceof HttpError)) throw err;
    }
  }
  return allowed;
}

/** Reads of one endpoint for many ids at once (student-reads.ts): the copy's 870 student reads in a few statements. */
type Batch = (tx: Queryable, app: AppContext, user: SessionUser, ids: number[]) => Promise<Map<number, unknown>>;
const BATCHES: Record<string, { param: string; run: Batch }> = {
  'students.details': { param: 'id', run: (tx, app, user, ids) => viewDetails(tx, app, user, ids) },
  'students.quizResults': { param: 'userId', run: (tx, app, user, ids) => viewQuizResults(tx, app, user, ids) },
  'students.portfolio': {
    param: 'userId',
    // Signed as the route's answer is (withSignedLinks).
    run: async (tx, app, user, ids) =>
      new Map([...(await viewPortfolios(tx, app, user, ids))].map(([id, p]) => [id, signFileLinks(p, app, user.organisationId, user.id)])),
  },
};

/** The answers of a wave of reads: batched endpoints at once, the rest one by one. Undefined: refused, left out. */
async function answersOf(tx: Queryable, user: SessionUser, app: AppContext, reply: FastifyReply, wave: CopyRead[]): Promise<unknown[]> {
  const answers: unknown[] = new Array(wave.length);
  const batched = new Map<string, number[]>();
  for (const [i, r] of wave.entries()) {
    if (BATCHES[r.endpoint]) batched.set(r.endpoint, [...(batched.get(r.endpoint) ?? []), i]);
    else {
      const ctx = { db: tx, user, params: r.params ?? {}, query: r.query ?? {}, body: r.body, app, req: reply.request, reply };
      try {
        answers[i] = await (HANDLERS[r.endpoint] as AnyHandler)(ctx as Ctx<unknown>);
      } catch (err) {
        if (!(err instanceof HttpError && err.status < 500)) throw err;
      }
    }
  }
  for (const [endpoint, indexes] of batched) {
    const { param, run } = BATCHES[endpoint] as { param: string; run: Batch };
    const idOf = (i: number) => Number(wave[i]?.params?.[param]);
    const found = await run(tx, app, user, indexes.map(idOf));
    for (const i of indexes) answers[i] = found.get(idOf(i));
  }
  return answers;
}

/** Runs the plan in `tx`, wave by wave (what one wave's answers name is the next wave). */
async function runPlan(tx: Queryable, user: SessionUser, app: AppContext, reply: FastifyReply, allowed: Set<string>) {
  const entries: { key: string; line: string }[] = [];
  const files = new Set<string>();
  let wave = firstReads();
  const seen = new Set(wave.map(readKey));
  while (wave.length > 0) {
    wave = wave.filter((r) => allowed.has(r.endpoint) && HANDLERS[r.endpoint]);
    const answers = await answersOf(tx, user, app, reply, wave);
    const next: CopyRead[] = [];
    for (const [i, r] of wave.entries()) {
      const answer = answers[i];
      const schema = findEndpoint(r.endpoint)?.answer;
      if (answer === undefined || !schema) continue;
      // The route's own serialiser (compiled once per schema): the same fields, the same text, the same ETag.
      const data = reply.compileSerializationSchema(schema as Record<string, unknown>)(answer as Record<string, unknown>);
      const etag = etagOfBody(data);
      const head = JSON.stringify({ ...r, etag } as Omit<OfflineCopyEntry, 'data'>);
      entries.push({ key: readKey(r) + etag, line: `${head.slice(0, -1)},"data":${data}}` });
      if (LINKS_FILES.has(r.endpoint)) fileLinks(answer, files);
      for (const n of expand(r, answer, files)) {
        const k = readKey(n);
        if (seen.has(k)) continue;
        seen.add(k);
        next.push(n);
      }
    }
    wave = next;
  }
  return { entries, files: [...files] };
}

/** The teacher's copy of her current school, as one consistent moment of the database. */
export async function readCopy(user: SessionUser, app: AppContext, reply: FastifyReply): Promise<CopyAnswer> {
  const allowed = await allowedReads(user, app);
  const { entries, files } = await app.db.transaction(async (tx) => {
    // One snapshot for every statement: a class's list and its students' forms agree with each other.
    await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ');
    return withAccessLogBatch(tx, user, app.now(), () => runPlan(tx, user, app, reply, allowed));
  });
  const hash = createHash('sha1');
  for (const e of entries) hash.update(e.key).update('\n');
  hash.update(files.join(','));
  return { version: `"${hash.digest('base64url')}"`, files, lines: entries.map((e) => e.line) };
}

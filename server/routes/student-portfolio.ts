/**
 * A student's portfolio work (the students' app): one item per student and lesson, with FILE and
 * REFLECTION blocks; an image for the first FILE block. Teachers see and grade it in the portal.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { api } from '../../src/api/catalogue';
import type { StudentPortfolioItem } from '../../src/api/students-app/types';
import type { BodyOf } from '../../src/api/endpoint';
import type { SessionUser } from '../auth/session-user';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { detectType, sanitiseFilename } from '../files/file-types';
import { tooLargeMessage, type Upload } from '../files/uploads';
import { badRequest, conflict, HttpError, notFound } from '../http-error';
import type { Handlers } from './handler';
import { requireLesson, studentClassroom } from './student-queries';

type SaveBody = BodyOf<typeof api.studentsApp.savePortfolioItem>;

const NOT_FOUND = 'Dit portfoliostuk is niet gevonden.';
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
export const IMAGES_ONLY = 'Alleen een afbeelding is toegestaan (png, jpg of gif).';

function checkBlocks(body: SaveBody): void {
  const keys = new Set<string>();
  for (const block of body.blocks) {
    if (keys.has(block.key)) throw badRequest(`Het blok '${block.key}' staat er twee keer in.`);
    keys.add(block.key);
    const numbers = new Set<number>();
    for (const item of block.items) {
      if (numbers.has(item.indexNumber)) throw badRequest(`Het blok '${block.key}' heeft twee onderdelen met nummer ${item.indexNumber}.`);
      numbers.add(item.indexNumber);
    }
  }
}

/** The student's item of the lesson, made when it does not exist yet. */
async function itemFor(db: Queryable, user: SessionUser, lessonId: number, now: Date): Promise<number> {
  // One item per student and lesson: the student's row lock orders two saves sent at once.
  await db.query(`SELECT 1 FROM users WHERE id = $1 FOR UPDATE`, [user.id]);
  const [existing] = await db.query<{ id: number }>(
    `SELECT id FROM portfolio_items WHERE user_id = $1 AND lesson_id = $2 AND organisation_id = $3 ORDER BY id LIMIT 1`,
    [user.id, lessonId, user.organisationId],
  );
  if (existing) return existing.id;
  const classroomId = await studentClassroom(db, user);
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO portfolio_items (organisation_id, user_id, classroom_id, lesson_id, study_level, created_at, updated_at)
     VALUES ($1, $2, $3, $4, $5, $6, $6) RETURNING id`,
    [user.organisationId, user.id, classroomId, lessonId, user.studyLevel, now],
  );
  return created!.id;
}

async function saveBlock(db: Queryable, itemId: number, block: SaveBody['blocks'][number], position: number, submit: boolean): Promise<void> {
  const [existing] = await db.query<{ id: number; type: string }>(`SELECT id, type FROM portfolio_blocks WHERE portfolio_item_id = $1 AND key = $2`, [itemId, block.key]);
  if (existing && existing.type !== block.type) throw badRequest(`Het blok '${block.key}' is een ${existing.type}-blok en kan geen ${block.type}-blok worden.`);
  let blockId: number;
  if (existing) {
    blockId = existing.id;
    // New work on a graded block asks for a new grade.
    if (submit) await db.query(`UPDATE portfolio_blocks SET is_submitted = true, status = '' WHERE id = $1`, [blockId]);
  } else {
    const [created] = await db.query<{ id: number }>(
      `INSERT INTO portfolio_blocks (portfolio_item_id, key, type, is_submitted, position)
       VALUES ($1, $2, $3, $4, (SELECT COALESCE(max(position) + 1, $5) FROM portfolio_blocks WHERE portfolio_item_id = $1)) RETURNING id`,
      [itemId, block.key, block.type, submit, position],
    );
    blockId = created!.id;
  }
  // Items are replaced by number; an image already attached to a number stays with it.
  const numbers = block.items.map((i) => i.indexNumber);
  await db.query(`DELETE FROM portfolio_block_items WHERE block_id = $1 AND NOT (index_number = ANY($2::int[]))`, [blockId, numbers]);
  for (const item of block.items) {
    const values = [blockId, item.indexNumber, (item.description ?? '').trim(), (item.subtitle ?? '').trim(), item.value ?? ''];
    const updated = await db.query(
      `UPDATE portfolio_block_items SET description = $3, subtitle = $4, value = $5 WHERE block_id = $1 AND index_number = $2 RETURNING id`,
      values,
    );
    if (updated.length === 0) {
      await db.query(`INSERT INTO portfolio_block_items (block_id, index_number, description, subtitle, value) VALUES ($1, $2, $3, $4, $5)`, values);
    }
  }
}

async function loadOwnItem(db: Queryable, user: SessionUser, id: number): Promise<StudentPortfolioItem> {
  const [item] = await db.query<{ id: number; lesson_id: number; submitted_at: Date | null }>(
    `SELECT id, lesson_id, submitted_at FROM portfolio_items WHERE id = $1 AND user_id = $2 AND organisation_id = $3`,
    [id, user.id, user.organisationId],
  );
  if (!item) throw notFound(NOT_FOUND);
  const blocks = await db.query<{ id: number; key: string; type: 'FILE' | 'REFLECTION'; is_submitted: boolean; status: string }>(
    `SELECT id, key, type, is_submitted, status FROM portfolio_blocks WHERE portfolio_item_id = $1 ORDER BY position, id`,
    [id],
  );
  const items = await db.query<{ block_id: number; index_number: number; description: string; subtitle: string; value: string; file_id: string | null }>(
    `SELECT block_id, index_number, description, subtitle, value, file_id FROM portfolio_block_items
      WHERE block_id = ANY($1::int[]) ORDER BY index_number, id`,
    [blocks.map((b) => b.id)],
  );
  return {
    id: item.id,
    lessonId: item.lesson_id,
    submittedAt: item.submitted_at ? new Date(item.submitted_at).toISOString() : null,
    blocks: blocks.map((b) => ({
      key: b.key,
      type: b.type,
      isSubmitted: b.is_submitted,
      status: b.status,
      items: items
        .filter((i) => i.block_id === b.id)
        .map((i) => ({ indexNumber: i.index_number, description: i.description, subtitle: i.subtitle, value: i.value, hasFile: i.file_id !== null })),
    })),
  };
}

/**
 * The one image of the request. Normally read by the upload preHandler (server/files/uploads.ts)
 * before the transaction starts; when this route is not on its list, it is read here.
 */
async function imageOf(req: FastifyRequest, limit: number): Promise<Upload> {
  let files: Upload[];
  if (req.uploads) {
    files = req.uploads.files;
  } else {
    if (!req.isMultipart()) throw new HttpError(415, 'Stuur de afbeelding als multipart/form-data.');
    files = [];
    try {
      for await (const part of req.parts({ limits: { fileSize: limit, files: 1, fields: 5, parts: 6 } })) {
        if (part.type !== 'file') continue;
        const bytes = await part.toBuffer();
        const filename = sanitiseFilename(part.filename ?? '');
        files.push({ filename, mime: detectType(filename, bytes) ?? '', bytes });
      }
    } catch (err) {
      const code = (err as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, tooLargeMessage(limit), { file: tooLargeMessage(limit) });
      if (code === 'FST_FILES_LIMIT') throw badRequest('Stuur één afbeelding tegelijk.');
      if (err instanceof HttpError) throw err;
      throw badRequest('De afbeelding kon niet worden gelezen. Probeer het opnieuw.');
    }
  }
  if (files.length === 0) throw badRequest('Kies een afbeelding.', { file: 'Kies een afbeelding.' });
  if (files.length > 1) throw badRequest('Stuur één afbeelding tegelijk.');
  const [file] = files as [Upload];
  if (file.bytes.length === 0) throw badRequest(`Het bestand ${file.filename} is leeg.`, { file: 'Dit bestand is leeg.' });
  if (!IMAGE_TYPES.has(file.mime)) throw new HttpError(415, IMAGES_ONLY, { file: IMAGES_ONLY });
  return file;
}

async function attachImage(db: Queryable, app: AppContext, user: SessionUser, itemId: number, image: Upload): Promise<string> {
  const [target] = await db.query<{ id: number; file_id: string | null; storage_key: string | null }>(
    `SELECT bi.id, bi.file_id, f.storage_key
       FROM portfolio_items p
       JOIN portfolio_blocks b ON b.portfolio_item_id = p.id AND b.type = 'FILE'
       JOIN portfolio_block_items bi ON bi.block_id = b.id
       LEFT JOIN files f ON f.id = bi.file_id
      WHERE p.id = $1 AND p.user_id = $2 AND p.organisation_id = $3
      ORDER BY b.position, b.id, bi.index_number, bi.id LIMIT 1 FOR UPDATE OF bi`,
    [itemId, user.id, user.organisationId],
  );
  if (!target) {
    await loadOwnItem(db, user, itemId); // 404 for someone else's item
    throw conflict('Dit portfoliostuk heeft geen bestandsblok voor een afbeelding. Sla eerst een FILE-blok op.');
  }
  const fileId = randomBytes(16).toString('hex');
  const key = `uploads/${user.organisationId}/${fileId}`;
  await app.files.put(key, image.bytes);
  await db.query(`INSERT INTO files (id, organisation_id, owner_id, filename, mime, size, storage_key) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    fileId,
    user.organisationId,
    user.id,
    image.filename,
    image.mime,
    image.bytes.length,
    key,
  ]);
  await db.query(`UPDATE portfolio_block_items SET file_id = $2 WHERE id = $1`, [target.id, fileId]);
  await db.query(`UPDATE portfolio_items SET updated_at = $2 WHERE id = $1`, [itemId, app.now()]);
  if (target.file_id) {
    // The replaced image goes; its bytes last, so a failure leaves an orphan, never a row without bytes.
    await db.query(`DELETE FROM files WHERE id = $1`, [target.file_id]);
    if (target.storage_key) await app.files.delete(target.storage_key).catch(() => undefined);
  }
  return fileId;
}

export const studentPortfolioHandlers: Handlers<Pick<typeof api.studentsApp, 'savePortfolioItem' | 'portfolioImage'>> = {
  savePortfolioItem: async ({ db, user, body, app }) => {
    checkBlocks(body);
    await requireLesson(db, user, body.lessonId);
    const now = app.now();
    const itemId = await itemFor(db, user, body.lessonId, now);
    for (const [position, block] of body.blocks.entries()) await saveBlock(db, itemId, block, position, body.submit);
    await db.query(`UPDATE portfolio_items SET updated_at = $2, submitted_at = CASE WHEN $3 THEN $2 ELSE submitted_at END WHERE id = $1`, [
      itemId,
      now,
      body.submit,
    ]);
    if (body.submit) {
      await db.query(
        `INSERT INTO activities (organisation_id, classroom_id, user_id, type, lesson_id, portfolio_item_id, created_at)
         SELECT organisation_id, classroom_id, user_id, 'PORTFOLIO_ITEM', lesson_id, id, $2 FROM portfolio_items WHERE id = $1`,
        [itemId, now],
      );
    }
    return loadOwnItem(db, user, itemId);
  },

  portfolioImage: async ({ db, user, params, app, req }) => {
    const image = await imageOf(req, app.config.maxUploadBytes);
    const fileId = await attachImage(db, app, user, params.id, image);
    return { fileId, message: 'De afbeelding is toegevoegd.' };
  },
};

/**
 * A student's portfolio work (the students' app): one item per student and lesson, with FILE and
 * REFLECTION blocks; an image for the first FILE block. Teachers see and grade it in the portal.
 */
import type { FastifyRequest } from 'fastify';
import type { BodyOf } from '../../../src/api/endpoint';
import type { api } from '../../../src/api/catalogue';
import type { StudentPortfolioItem } from '../../../src/api/students-app/types';
import type { SessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import type { Queryable } from '../../db/database';
import { storeFile } from '../../files/stored-file';
import { readUploads, type Upload } from '../../files/uploads';
import { badRequest, conflict, HttpError, notFound } from '../../http-error';
import {
  attachFile,
  blockByKey,
  blockItemRows,
  blockRows,
  deleteFileRow,
  insertBlock,
  lockImageSlot,
  ownItem,
  replaceBlockItems,
  resubmitBlock,
} from './queries';

export const ONE_IMAGE = 'Stuur één afbeelding tegelijk.';

export type SaveBody = BodyOf<typeof api.studentsApp.savePortfolioItem>;

const NOT_FOUND = 'Dit portfoliostuk is niet gevonden.';
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif']);
export const IMAGES_ONLY = 'Alleen een afbeelding is toegestaan (png, jpg of gif).';

export function checkBlocks(body: SaveBody): void {
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

export async function saveBlock(
  db: Queryable,
  itemId: number,
  block: SaveBody['blocks'][number],
  position: number,
  submit: boolean,
): Promise<void> {
  const existing = await blockByKey(db, itemId, block.key);
  if (existing && existing.type !== block.type)
    throw badRequest(`Het blok '${block.key}' is een ${existing.type}-blok en kan geen ${block.type}-blok worden.`);
  let blockId: number;
  if (existing) {
    blockId = existing.id;
    if (submit) await resubmitBlock(db, blockId);
  } else {
    blockId = await insertBlock(db, itemId, { key: block.key, type: block.type, submitted: submit, position });
  }
  await replaceBlockItems(db, blockId, block.items);
}

export async function loadOwnItem(db: Queryable, user: SessionUser, id: number): Promise<StudentPortfolioItem> {
  const item = await ownItem(db, user, id);
  if (!item) throw notFound(NOT_FOUND);
  const blocks = await blockRows(db, id);
  const items = await blockItemRows(
    db,
    blocks.map((b) => b.id),
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
        .map((i) => ({
          indexNumber: i.index_number,
          description: i.description,
          subtitle: i.subtitle,
          value: i.value,
          hasFile: i.file_id !== null,
        })),
    })),
  };
}

/**
 * The one image of the request. Normally read by the upload preHandler (server/files/uploads.ts)
 * before the transaction starts; when this route is not on its list, it is read here.
 */
export async function imageOf(req: FastifyRequest, limit: number): Promise<Upload> {
  let files: Upload[];
  if (req.uploads) {
    files = req.uploads.files;
  } else {
    if (!req.isMultipart()) throw new HttpError(415, 'Stuur de afbeelding als multipart/form-data.');
    files = (await readUploads(req, limit, 1, ONE_IMAGE)).files;
  }
  if (files.length === 0) throw badRequest('Kies een afbeelding.', { file: 'Kies een afbeelding.' });
  if (files.length > 1) throw badRequest(ONE_IMAGE);
  const [file] = files as [Upload];
  if (file.size === 0) throw badRequest(`Het bestand ${file.filename} is leeg.`, { file: 'Dit bestand is leeg.' });
  if (!IMAGE_TYPES.has(file.mime)) throw new HttpError(415, IMAGES_ONLY, { file: IMAGES_ONLY });
  return file;
}

export async function attachImage(db: Queryable, app: AppContext, user: SessionUser, itemId: number, image: Upload): Promise<string> {
  const target = await lockImageSlot(db, user, itemId);
  if (!target) {
    await loadOwnItem(db, user, itemId); // 404 for someone else's item
    throw conflict('Dit portfoliostuk heeft geen bestandsblok voor een afbeelding. Sla eerst een FILE-blok op.');
  }
  const fileId = await storeFile(db, app, user, image);
  await attachFile(db, target.id, itemId, fileId, app.now());
  if (target.file_id) {
    // The replaced image goes; its bytes last, so a failure leaves an orphan, never a row without bytes.
    await deleteFileRow(db, target.file_id);
    if (target.storage_key) await app.files.delete(target.storage_key).catch(() => undefined);
  }
  return fileId;
}

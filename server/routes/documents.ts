/**
 * Shared teaching material (part 2 §7 Documents): documents of the caller's school with their files.
 * Every teacher of the school sees them; only the owner edits, adds files or deletes (403 otherwise).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { api } from '../../src/api/catalogue';
import type { TeachingDocument } from '../../src/api/documents/types';
import type { SessionUser } from '../auth/session-user';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { ParsedUploads } from '../files/uploads';
import { DOCUMENT_LINK_SECONDS, linkIssueTime, signedFileUrl } from '../files/signed-url';
import { badRequest, forbidden, notFound } from '../http-error';
import type { Handlers } from './handler';

const REQUIRED = 'Alle velden zijn verplicht om in te vullen.';
const NOT_FOUND = 'Dit lesmateriaal is niet gevonden.';
const UPLOAD_TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

interface DocRow {
  id: number;
  title: string;
  hidden: boolean;
  owner_id: number | null;
  user_email: string | null;
}

/** Visible documents of the caller's school; `where` is a trusted fragment over documents d. */
async function loadDocuments(db: Queryable, app: AppContext, user: SessionUser, where = 'TRUE', params: (number | string)[] = []): Promise<TeachingDocument[]> {
  const rows = await db.query<DocRow>(
    `SELECT d.id, d.title, d.hidden, d.owner_id, u.email AS user_email
       FROM documents d LEFT JOIN users u ON u.id = d.owner_id
      WHERE d.organisation_id = $1 AND NOT d.hidden AND ${where}
      ORDER BY d.created_at DESC, d.id DESC`,
    [user.organisationId, ...params],
  );
  if (rows.length === 0) return [];
  const files = await db.query<{ document_id: number; id: string; title: string }>(
    `SELECT df.document_id, f.id, df.title FROM document_files df JOIN files f ON f.id = df.file_id
      WHERE df.document_id = ANY($1::int[]) ORDER BY df.position, f.created_at, f.id`,
    [rows.map((r) => r.id)],
  );
  const now = linkIssueTime(app.now());
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    hidden: r.hidden,
    userEmail: r.user_email ?? '',
    canEdit: r.owner_id === user.id,
    files: files
      .filter((f) => f.document_id === r.id)
      .map((f) => ({ id: f.id, title: f.title, url: signedFileUrl(app.tokens.secret, f.id, user.organisationId, user.id, now, DOCUMENT_LINK_SECONDS) })),
  }));
}

async function documentOf(db: Queryable, app: AppContext, user: SessionUser, id: number): Promise<TeachingDocument> {
  const [doc] = await loadDocuments(db, app, user, 'd.id = $2', [id]);
  if (!doc) throw notFound(NOT_FOUND);
  return doc;
}

async function ownDocument(db: Queryable, app: AppContext, user: SessionUser, id: number, action: string): Promise<TeachingDocument> {
  const doc = await documentOf(db, app, user, id);
  if (!doc.canEdit) throw forbidden(`Je kunt alleen je eigen lesmateriaal ${action}.`);
  return doc;
}

function uploadsOf(req: FastifyRequest): ParsedUploads {
  const up = req.uploads;
  if (!up || up.files.length === 0) throw badRequest('Kies een bestand om te delen.', { file: 'Kies een bestand om te delen.' });
  return up;
}

/** Stores the bytes under a random key (never the teacher's file name) and links them to the document. */
async function storeFiles(db: Queryable, app: AppContext, user: SessionUser, documentId: number, up: ParsedUploads): Promise<void> {
  const [pos] = await db.query<{ next: number }>(`SELECT COALESCE(max(position) + 1, 0)::int AS next FROM document_files WHERE document_id = $1`, [documentId]);
  let position = pos?.next ?? 0;
  for (const file of up.files) {
    const id = randomBytes(16).toString('hex');
    const key = `uploads/${user.organisationId}/${id}`;
    await app.files.put(key, file.bytes);
    await db.query(`INSERT INTO files (id, organisation_id, owner_id, filename, mime, size, storage_key) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
      id,
      user.organisationId,
      user.id,
      file.filename,
      file.mime,
      file.bytes.length,
      key,
    ]);
    await db.query(`INSERT INTO document_files (document_id, file_id, title, position) VALUES ($1, $2, $3, $4)`, [documentId, id, file.filename, position++]);
  }
  await db.query(`UPDATE documents SET updated_at = now() WHERE id = $1`, [documentId]);
}

/** The document an upload joins: the one made earlier with the same page token, else a new one. */
async function documentForUpload(db: Queryable, user: SessionUser, token: string | undefined): Promise<number> {
  if (token && UPLOAD_TOKEN.test(token)) {
    // Parallel uploads of one page race here: the unique index lets one insert, the others find it.
    const [created] = await db.query<{ id: number }>(
      `INSERT INTO documents (organisation_id, owner_id, title, upload_token) VALUES ($1, $2, '', $3)
       ON CONFLICT (owner_id, upload_token) WHERE upload_token IS NOT NULL DO NOTHING RETURNING id`,
      [user.organisationId, user.id, token],
    );
    if (created) return created.id;
    const [existing] = await db.query<{ id: number }>(`SELECT id FROM documents WHERE owner_id = $1 AND upload_token = $2 AND organisation_id = $3 AND NOT hidden`, [
      user.id,
      token,
      user.organisationId,
    ]);
    if (existing) return existing.id;
  }
  const [row] = await db.query<{ id: number }>(`INSERT INTO documents (organisation_id, owner_id, title) VALUES ($1, $2, '') RETURNING id`, [user.organisationId, user.id]);
  return row!.id;
}

async function deleteBlobs(app: AppContext, keys: string[]): Promise<void> {
  // Last step of the handler: a failure to remove bytes leaves an orphan, never a row without bytes.
  await Promise.all(keys.map((k) => app.files.delete(k).catch(() => undefined)));
}

export const documentsHandlers: Handlers<typeof api.documents> = {
  list: ({ db, user, app }) => loadDocuments(db, app, user),

  details: ({ db, user, app, params }) => documentOf(db, app, user, params.id),

  add: async ({ db, user, app, req }) => {
    const up = uploadsOf(req);
    const id = await documentForUpload(db, user, up.fields.token);
    await storeFiles(db, app, user, id, up);
    return { id };
  },

  addFile: async ({ db, user, app, req, params }) => {
    await ownDocument(db, app, user, params.id, 'aanvullen');
    await storeFiles(db, app, user, params.id, uploadsOf(req));
    return documentOf(db, app, user, params.id);
  },

  save: async ({ db, user, app, body }) => {
    const title = body.title.trim();
    if (!title) throw badRequest(REQUIRED, { title: 'Geef een omschrijving van de bestanden.' });
    if (body.id === 0) {
      const [row] = await db.query<{ id: number }>(`INSERT INTO documents (organisation_id, owner_id, title) VALUES ($1, $2, $3) RETURNING id`, [
        user.organisationId,
        user.id,
        title,
      ]);
      return documentOf(db, app, user, row!.id);
    }
    await ownDocument(db, app, user, body.id, 'wijzigen');
    await db.query(`UPDATE documents SET title = $2, updated_at = now() WHERE id = $1`, [body.id, title]);
    return documentOf(db, app, user, body.id);
  },

  delete: async ({ db, user, app, params }) => {
    await ownDocument(db, app, user, params.id, 'verwijderen');
    const files = await db.query<{ storage_key: string }>(
      `DELETE FROM files WHERE id IN (SELECT file_id FROM document_files WHERE document_id = $1) AND organisation_id = $2 RETURNING storage_key`,
      [params.id, user.organisationId],
    );
    await db.query(`DELETE FROM documents WHERE id = $1`, [params.id]);
    await deleteBlobs(app, files.map((f) => f.storage_key));
    return { message: 'Het lesmateriaal is verwijderd.' };
  },

  deleteFile: async ({ db, user, app, params }) => {
    const [row] = await db.query<{ document_id: number; owner_id: number | null; storage_key: string }>(
      `SELECT df.document_id, d.owner_id, f.storage_key
         FROM document_files df JOIN documents d ON d.id = df.document_id JOIN files f ON f.id = df.file_id
        WHERE df.file_id = $1 AND d.organisation_id = $2 AND NOT d.hidden`,
      [params.id, user.organisationId],
    );
    if (!row) throw notFound('Dit bestand is niet gevonden.');
    if (row.owner_id !== user.id) throw forbidden('Je kunt alleen bestanden van je eigen lesmateriaal verwijderen.');
    await db.query(`DELETE FROM files WHERE id = $1`, [params.id]);
    await db.query(`UPDATE documents SET updated_at = now() WHERE id = $1`, [row.document_id]);
    await deleteBlobs(app, [row.storage_key]);
    return { message: 'Het bestand is verwijderd.' };
  },
};

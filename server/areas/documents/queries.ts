/** The documents area's SQL: shared teaching material with its files, and the file rows downloads read. */
import type { Queryable } from '../../db/database';

export interface DocRow {
  id: number;
  title: string;
  hidden: boolean;
  owner_id: number | null;
  user_email: string | null;
}

/** Visible documents of the school, or the one with `id`. */
export const documentRows = (db: Queryable, organisationId: number, id?: number) =>
  db.query<DocRow>(
    `SELECT d.id, d.title, d.hidden, d.owner_id, u.email AS user_email
       FROM documents d LEFT JOIN users u ON u.id = d.owner_id
      WHERE d.organisation_id = $1 AND NOT d.hidden AND ${id === undefined ? 'TRUE' : 'd.id = $2'}
      ORDER BY d.created_at DESC, d.id DESC`,
    id === undefined ? [organisationId] : [organisationId, id],
  );

export const documentFileRows = (db: Queryable, documentIds: number[]) =>
  db.query<{ document_id: number; id: string; title: string }>(
    `SELECT df.document_id, f.id, df.title FROM document_files df JOIN files f ON f.id = df.file_id
      WHERE df.document_id = ANY($1::int[]) ORDER BY df.position, f.created_at, f.id`,
    [documentIds],
  );

export async function nextFilePosition(db: Queryable, documentId: number): Promise<number> {
  const [pos] = await db.query<{ next: number }>(
    `SELECT COALESCE(max(position) + 1, 0)::int AS next FROM document_files WHERE document_id = $1`,
    [documentId],
  );
  return pos?.next ?? 0;
}

export async function linkFile(db: Queryable, documentId: number, fileId: string, title: string, position: number): Promise<void> {
  await db.query(`INSERT INTO document_files (document_id, file_id, title, position) VALUES ($1, $2, $3, $4)`, [
    documentId,
    fileId,
    title,
    position,
  ]);
}

export async function touchDocument(db: Queryable, documentId: number): Promise<void> {
  await db.query(`UPDATE documents SET updated_at = now() WHERE id = $1`, [documentId]);
}

/** Parallel uploads of one page race here: the unique index lets one insert, the others find it. */
export async function documentOfUploadToken(
  db: Queryable,
  organisationId: number,
  ownerId: number,
  token: string,
): Promise<number | undefined> {
  const [created] = await db.query<{ id: number }>(
    `INSERT INTO documents (organisation_id, owner_id, title, upload_token) VALUES ($1, $2, '', $3)
     ON CONFLICT (owner_id, upload_token) WHERE upload_token IS NOT NULL DO NOTHING RETURNING id`,
    [organisationId, ownerId, token],
  );
  if (created) return created.id;
  const [existing] = await db.query<{ id: number }>(
    `SELECT id FROM documents WHERE owner_id = $1 AND upload_token = $2 AND organisation_id = $3 AND NOT hidden`,
    [ownerId, token, organisationId],
  );
  return existing?.id;
}

export async function insertDocument(db: Queryable, organisationId: number, ownerId: number, title: string): Promise<number> {
  const [row] = await db.query<{ id: number }>(
    `INSERT INTO documents (organisation_id, owner_id, title) VALUES ($1, $2, $3) RETURNING id`,
    [organisationId, ownerId, title],
  );
  return row!.id;
}

export async function renameDocument(db: Queryable, id: number, title: string): Promise<void> {
  await db.query(`UPDATE documents SET title = $2, updated_at = now() WHERE id = $1`, [id, title]);
}

/** Deletes the document with its files; answers the storage keys whose bytes are to go. */
export async function deleteDocument(db: Queryable, organisationId: number, id: number): Promise<string[]> {
  const files = await db.query<{ storage_key: string }>(
    `DELETE FROM files WHERE id IN (SELECT file_id FROM document_files WHERE document_id = $1) AND organisation_id = $2 RETURNING storage_key`,
    [id, organisationId],
  );
  await db.query(`DELETE FROM documents WHERE id = $1`, [id]);
  return files.map((f) => f.storage_key);
}

export async function documentFileOf(
  db: Queryable,
  organisationId: number,
  fileId: string,
): Promise<{ document_id: number; owner_id: number | null; storage_key: string } | undefined> {
  const [row] = await db.query<{ document_id: number; owner_id: number | null; storage_key: string }>(
    `SELECT df.document_id, f.storage_key, d.owner_id
       FROM document_files df JOIN documents d ON d.id = df.document_id JOIN files f ON f.id = df.file_id
      WHERE df.file_id = $1 AND d.organisation_id = $2 AND NOT d.hidden`,
    [fileId, organisationId],
  );
  return row;
}

export async function deleteFile(db: Queryable, fileId: string): Promise<void> {
  await db.query(`DELETE FROM files WHERE id = $1`, [fileId]);
}

export interface FileRow {
  id: string;
  organisation_id: number | null;
  filename: string;
  mime: string;
  storage_key: string;
}

export async function fileRow(db: Queryable, id: string): Promise<FileRow | undefined> {
  const [file] = await db.query<FileRow>(`SELECT id, organisation_id, filename, mime, storage_key FROM files WHERE id = $1`, [id]);
  return file;
}

/** An active teacher membership of the file's school (of any school for method files, organisation null). */
export async function isActiveTeacherFor(db: Queryable, userId: number, organisationId: number | null): Promise<boolean> {
  const [member] = await db.query(
    `SELECT 1 FROM memberships m JOIN users u ON u.id = m.user_id
      WHERE m.user_id = $1 AND m.active AND u.role <> 'STUDENT' AND ($2::int IS NULL OR m.organisation_id = $2::int) LIMIT 1`,
    [userId, organisationId],
  );
  return member !== undefined;
}

/** Holds the row till the transaction ends, so a merge with `base` reads what it writes over (issue 36). */
export async function lockDocument(db: Queryable, id: number): Promise<void> {
  await db.query(`SELECT 1 FROM documents WHERE id = $1 FOR UPDATE`, [id]);
}

/** An uploaded file's bytes in the blob store and its row in `files`, for documents and portfolio images alike. */
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../auth/session-user';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import type { Upload } from './uploads';

/** Stores the bytes under a random key (never the uploader's file name); answers the new file id. */
export async function storeFile(db: Queryable, app: AppContext, user: SessionUser, file: Upload): Promise<string> {
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
  return id;
}

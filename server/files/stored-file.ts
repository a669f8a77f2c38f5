/** An uploaded file's bytes in the blob store and its row in `files`, for documents and portfolio images alike. */
import { randomBytes } from 'node:crypto';
import type { SessionUser } from '../auth/session-user';
import type { AppContext } from '../context';
import type { Queryable } from '../db/database';
import { HttpError } from '../http-error';
import type { Upload } from './uploads';

const QUOTA_FULL = 'De opslagruimte van je school is vol. Verwijder oud lesmateriaal of vraag je beheerder om meer ruimte.';

/** Issue 29.3: a school keeps at most config.schoolStorageQuota bytes of uploads. */
async function checkQuota(db: Queryable, app: AppContext, organisationId: number, adding: number): Promise<void> {
  const [row] = await db.query<{ used: string }>(`SELECT coalesce(sum(size), 0)::text AS used FROM files WHERE organisation_id = $1`, [
    organisationId,
  ]);
  if (Number(row?.used ?? 0) + adding > app.config.schoolStorageQuota) throw new HttpError(507, QUOTA_FULL, { file: QUOTA_FULL });
}

/** Stores the bytes under a random key (never the uploader's file name); answers the new file id. */
export async function storeFile(db: Queryable, app: AppContext, user: SessionUser, file: Upload): Promise<string> {
  const id = randomBytes(16).toString('hex');
  const key = `uploads/${user.organisationId}/${id}`;
  await checkQuota(db, app, user.organisationId, file.size);
  await app.files.put(key, file.open());
  await db.query(
    `INSERT INTO files (id, organisation_id, owner_id, filename, mime, size, storage_key) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [id, user.organisationId, user.id, file.filename, file.mime, file.size, key],
  );
  return id;
}

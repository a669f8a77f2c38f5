/**
 * 'Leerling definitief verwijderen', the class page's delete (students/delete, massDelete) and the
 * retention purge (issue 31.2): the account, her work, her files and every row that names her, in one
 * transaction; the file bytes after the commit, so a rolled-back deletion never leaves rows pointing
 * at bytes that are gone.
 */
import type { Database } from '../../db/database';
import type { BlobStore } from '../../files/blob-store';
import { eraseStudentRows, studentFiles } from './privacy-queries';

export async function eraseStudent(
  db: Database,
  files: BlobStore,
  organisationId: number,
  studentId: number,
  log: (msg: string) => void = () => undefined,
): Promise<void> {
  await eraseStudents(db, files, organisationId, [studentId], log);
}

/** Several students at once: all or none. A file two of them share goes with the last of them. */
export async function eraseStudents(
  db: Database,
  files: BlobStore,
  organisationId: number,
  studentIds: readonly number[],
  log: (msg: string) => void = () => undefined,
): Promise<void> {
  const keys = await db.transaction(async (tx) => {
    const gone: string[] = [];
    for (const id of studentIds) {
      const own = await studentFiles(tx, organisationId, id, true);
      await eraseStudentRows(
        tx,
        id,
        own.map((f) => f.id),
      );
      gone.push(...own.map((f) => f.storage_key));
    }
    return gone;
  });
  for (const key of keys) {
    try {
      await files.delete(key);
    } catch (err) {
      // The rows are gone, so nothing links to these bytes any more; said, so an operator can remove them.
      log(`deleting file bytes ${key} of an erased student failed: ${String(err)}`);
    }
  }
}

/**
 * Issue 31.2: students whose last activity is longer ago than the retention months
 * (STUDENT_RETENTION_MONTHS, default 12) are deleted with everything that names them, and the access
 * log loses lines older than ACCESS_LOG_DAYS. Runs at start and then every few hours, in one API
 * process at a time (claim.ts). The dates and reasons are in docs/privacy.md.
 */
import { ACCESS_LOG_DAYS } from '../areas/students/access-log';
import { pruneAccessLog, studentsDueForDeletion } from '../areas/students/privacy-queries';
import { monthsBefore } from '../areas/students/retention-date';
import { eraseStudent } from '../areas/students/student-erasure';
import type { Database } from '../db/database';
import type { BlobStore } from '../files/blob-store';
import { startJob } from './claim';
import { DAY_MS, STUDENT_RETENTION_EVERY_MS } from '../constants';

export interface StudentPurge {
  students: number;
  accessLog: number;
}

export async function purgeStudents(
  db: Database,
  files: BlobStore,
  now: Date,
  months: number,
  log: (msg: string) => void = () => undefined,
): Promise<StudentPurge> {
  let students = 0;
  for (const due of await studentsDueForDeletion(db, monthsBefore(now, months))) {
    // One student at a time: a failure keeps only her for the next run.
    try {
      await eraseStudent(db, files, due.organisation_id, due.id, log);
      students += 1;
    } catch (err) {
      log(`deleting student ${due.id} after the retention period failed: ${String(err)}`);
    }
  }
  const accessLog = await pruneAccessLog(db, new Date(now.getTime() - ACCESS_LOG_DAYS * DAY_MS));
  return { students, accessLog };
}

export const STUDENT_RETENTION_JOB = 'student-retention';

/** Starts the periodic purge in this process; returns a stop function. */
export function startStudentRetentionJob(
  db: Database,
  files: BlobStore,
  months: number,
  now: () => Date = () => new Date(),
  everyMs = STUDENT_RETENTION_EVERY_MS,
  log: (msg: string) => void = () => undefined,
): () => void {
  const work = async (at: Date) => {
    const r = await purgeStudents(db, files, at, months, log);
    return `deleted ${r.students} student(s) after ${months} months, ${r.accessLog} access log line(s) after ${ACCESS_LOG_DAYS} days`;
  };
  return startJob({ db, name: STUDENT_RETENTION_JOB, everyMs, now, work, log });
}

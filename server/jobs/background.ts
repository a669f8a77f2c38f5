/** Work the server does besides answering requests: demo file bytes at start, the half-year cleanup, the retention prune, the students' retention purge, a planned year change. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { LOCKS } from '../db/locks';
import { ensureDemoFiles } from '../files/demo-files';
import { startInactiveTeacherJob } from './inactive-teachers';
import { startRetentionJob } from './retention';
import { startSchoolYearJob } from './school-year';
import { startStudentRetentionJob } from './student-retention';

export async function startBackgroundJobs(app: AppContext, log: FastifyBaseLogger): Promise<() => void> {
  // One process writes them; the others, waiting, then find them there (a shared store).
  const written = await app.db.exclusive(LOCKS.demoFiles, () => ensureDemoFiles(app.db, app.files));
  if (written > 0) log.info({ written }, 'demo files written');
  const stopInactive = startInactiveTeacherJob(app.db, app.now, undefined, (msg) => log.info(msg));
  const stopRetention = startRetentionJob(app.db, app.tokens.refreshTokenTtl, app.now, undefined, (msg) => log.info(msg));
  const stopStudents = startStudentRetentionJob(app.db, app.files, app.config.studentRetentionMonths, app.now, undefined, (msg) =>
    log.info(msg),
  );
  const stopYears = startSchoolYearJob(app, app.now, undefined, (msg) => log.info(msg));
  return () => {
    stopYears();
    stopStudents();
    stopInactive();
    stopRetention();
  };
}

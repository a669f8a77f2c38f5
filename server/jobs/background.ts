/** Work the server does besides answering requests: demo file bytes at start, the half-year cleanup. */
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context';
import { ensureDemoFiles } from '../files/demo-files';
import { startInactiveTeacherJob } from './inactive-teachers';

export async function startBackgroundJobs(app: AppContext, log: FastifyBaseLogger): Promise<() => void> {
  const written = await ensureDemoFiles(app.db, app.files);
  if (written > 0) log.info({ written }, 'demo files written');
  return startInactiveTeacherJob(app.db, app.now, undefined, (msg) => log.info(msg));
}

/**
 * The non-catalogue side of teachers, documents, printing and exams: multipart parsing for the
 * upload calls, file downloads, the print page and PDF, and the invitation link. One call from app.ts.
 */
import type { FastifyInstance } from 'fastify';
import { api } from '../../src/api/catalogue';
import type { AppContext } from '../context';
import { installUploads } from '../files/uploads';
import { registerFileDownloads } from './file-downloads';
import { registerInvitations } from './invitations';
import { registerPrintPages } from './print-pages';
import { toFastifyPath } from './registry';

export async function registerMaterialRoutes(fastify: FastifyInstance, app: AppContext): Promise<void> {
  await installUploads(fastify, app.config, [toFastifyPath(api.documents.add.path), toFastifyPath(api.documents.addFile.path), toFastifyPath(api.studentsApp.portfolioImage.path)]);
  registerFileDownloads(fastify, app);
  registerPrintPages(fastify, app);
  registerInvitations(fastify, app);
}

/**
 * GET /api/files/{id}: a stored file, PDFs and images to view in the browser, other types as a download
 * (file-disposition.ts); `?download=1` always downloads. Allowed with the bearer token of a teacher
 * of the file's school (method files without a school: every teacher), or with a signed link
 * (?exp=&sig=) from a document list or examinations/request, which is what a new tab carries.
 */
import type { FastifyInstance } from 'fastify';
import { bearerToken, loadSessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import { ensureDemoBlob } from '../../files/demo-files';
import { fileHeaders } from '../../files/file-disposition';
import { linkUser, verifyFileSignature } from '../../files/signed-url';
import { forbidden, notFound, unauthorized } from '../../http-error';
import { fileRow, isActiveTeacherFor } from './queries';

export function registerFileDownloads(fastify: FastifyInstance, app: AppContext): void {
  fastify.get<{ Params: { id: string }; Querystring: { u?: string; exp?: string; sig?: string; download?: string } }>(
    '/api/files/:id',
    async (req, reply) => {
      const { id } = req.params;
      const missing = notFound('Dit bestand is niet gevonden.');
      if (!/^[A-Za-z0-9_-]{1,64}$/.test(id)) throw missing;
      const file = await fileRow(app.db, id);
      const token = bearerToken(req);
      if (token) {
        const user = await loadSessionUser(app.db, token, app.tokens);
        if (!user) throw unauthorized();
        if (user.role === 'STUDENT') throw forbidden('Leerlingen hebben geen toegang tot de Docentenomgeving.');
        // Another school's file is as unknown as a file that does not exist.
        if (!file || (file.organisation_id !== null && file.organisation_id !== user.organisationId)) throw missing;
      } else if (req.query.sig !== undefined) {
        const userId = linkUser(req.query.u);
        const refused = forbidden('Deze downloadlink is verlopen of ongeldig. Open de lijst opnieuw en klik nog een keer op het bestand.');
        if (
          !file ||
          userId === null ||
          !verifyFileSignature(app.tokens.secret, file.id, file.organisation_id, userId, req.query.exp, req.query.sig, app.now())
        ) {
          throw refused;
        }
        // The teacher the link was handed to must still be an active member of the file's school
        // (of any school for method files): a deactivated teacher's links stop at once.
        if (!(await isActiveTeacherFor(app.db, userId, file.organisation_id))) throw refused;
      } else {
        throw unauthorized();
      }

      let stream = await app.files.get(file.storage_key);
      if (!stream && (await ensureDemoBlob(app.db, app.files, file.storage_key))) stream = await app.files.get(file.storage_key);
      if (!stream) throw notFound('Dit bestand is niet meer beschikbaar.');
      return reply
        .type(file.mime)
        .headers(fileHeaders(file.mime, file.filename, req.query.download === '1'))
        .header('Cache-Control', 'private, no-store')
        .send(stream);
    },
  );
}

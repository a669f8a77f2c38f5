/**
 * GET /api/offline/files/{organisationId}?ids=a,b,c: the files an offline copy names, up to
 * FILES_PER_REQUEST in one answer instead of a request each. Each file is a JSON header line
 * (`id`, `size`, and the headers its own GET /api/files/{id} answer carries, so the worker serves the
 * kept copy as that route would) followed by its bytes. Allowed as that route allows a bearer token:
 * an ADMIN of her current school, for files of that school or method files; another school's file is
 * left out as if it did not exist.
 */
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { api } from '../../../src/api/catalogue';
import { intId } from '../../../src/api/schemas';
import { bearerToken, loadSessionUser, type SessionUser } from '../../auth/session-user';
import type { AppContext } from '../../context';
import { ensureDemoBlob } from '../../files/demo-files';
import { fileHeaders } from '../../files/file-disposition';
import { forbidden, unauthorized } from '../../http-error';
import { OTHER_ROLE, toFastifyPath } from '../../http/registry';
import { fileRow } from '../documents/queries';
import { OTHER_SCHOOL } from './handlers';

async function bundleCaller(req: Parameters<typeof bearerToken>[0], app: AppContext): Promise<SessionUser> {
  const token = bearerToken(req);
  const user = token ? await loadSessionUser(app.db, token, app.tokens) : null;
  if (!user) throw unauthorized();
  if (user.role === 'STUDENT') throw forbidden('Leerlingen hebben geen toegang tot de Docentenomgeving.');
  if (user.role !== 'ADMIN') throw forbidden(OTHER_ROLE);
  return user;
}

async function* frames(app: AppContext, user: SessionUser, ids: readonly string[]): AsyncGenerator<Buffer> {
  for (const id of ids) {
    const file = await fileRow(app.db, id);
    if (!file || (file.organisation_id !== null && file.organisation_id !== user.organisationId)) continue;
    let stream = await app.files.get(file.storage_key);
    if (!stream && (await ensureDemoBlob(app.db, app.files, file.storage_key))) stream = await app.files.get(file.storage_key);
    if (!stream) continue;
    // Whole before its header: the header says its size, and a file is at most MAX_UPLOAD_BYTES.
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
    const bytes = Buffer.concat(chunks);
    const headers = { 'Content-Type': file.mime, ...fileHeaders(file.mime, file.filename, false) };
    yield Buffer.from(`${JSON.stringify({ id, size: bytes.length, headers })}\n`);
    yield bytes;
  }
}

export function registerFileBundle(fastify: FastifyInstance, app: AppContext): void {
  const def = api.offline.files;
  const callers = new WeakMap<object, SessionUser>();
  fastify.get<{ Params: { organisationId: number }; Querystring: { ids: string } }>(
    toFastifyPath(def.path),
    {
      schema: { params: def.params, querystring: def.query },
      // Who may call, and for which school, before what was asked (as registry.ts does).
      onRequest: async (req) => {
        const user = await bundleCaller(req, app);
        // Not an id at all: left to the params schema after this hook, which answers 400.
        const school = Number(req.params.organisationId);
        const anId = Number.isInteger(school) && school >= intId.minimum && school <= intId.maximum;
        if (anId && school !== user.organisationId) throw forbidden(OTHER_SCHOOL);
        callers.set(req, user);
      },
    },
    async (req, reply) => {
      const user = callers.get(req);
      if (!user) throw unauthorized();
      const ids = [...new Set(req.query.ids.split(','))];
      return reply
        .type('application/octet-stream')
        .header('Cache-Control', 'private, no-store')
        .send(Readable.from(frames(app, user, ids)));
    },
  );
}

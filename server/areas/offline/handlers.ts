/**
 * 'Offline beschikbaar maken' (docs/offline.md): the teacher's copy in one read. Only for the
 * caller's current school, named in the path, so a run that outlives a school switch is refused
 * instead of storing one school's answers under the other's key. The copy's version is its ETag:
 * If-None-Match with it answers 304 without a body. The answer is sent line by line (a stream), so
 * the client stores entries while the rest is on its way.
 */
import { Readable } from 'node:stream';
import type { api } from '../../../src/api/catalogue';
import type { OfflineCopy } from '../../../src/api/offline/types';
import type { Handlers } from '../../http/handler';
import { matchesIfNoneMatch } from '../../http/read-etag';
import { forbidden } from '../../http-error';
import { readCopy, type CopyAnswer } from './copy-read';

export const OTHER_SCHOOL = 'Deze offline kopie hoort bij een andere school dan de school die nu gekozen is.';

/** The copy as JSON text in lines: the header, one line per entry, the close. */
function* copyLines(copy: CopyAnswer): Generator<string> {
  const header = JSON.stringify({ version: copy.version, files: copy.files, total: copy.lines.length });
  yield `${header.slice(0, -1)},"entries":[\n`;
  for (let i = 0; i < copy.lines.length; i++) yield `${i === 0 ? '' : ','}${copy.lines[i]}\n`;
  yield ']}\n';
}

export const offlineHandlers: Handlers<typeof api.offline> = {
  copy: async ({ user, params, app, req, reply }) => {
    if (params.organisationId !== user.organisationId) throw forbidden(OTHER_SCHOOL);
    const copy = await readCopy(user, app, reply);
    reply.header('ETag', copy.version).header('Cache-Control', 'private, no-store');
    if (matchesIfNoneMatch(req.headers['if-none-match'], copy.version)) return reply.code(304).send() as unknown as OfflineCopy;
    reply.type('application/json; charset=utf-8');
    // A stream is sent as it is (Fastify serialises only objects): each entry went through its own read's schema.
    return Readable.from(copyLines(copy), { objectMode: false }) as unknown as OfflineCopy;
  },
};

import { onlineRead } from '../endpoint';
import { intId, pathParams } from '../schemas';
import { offlineCopySchema } from './types';

/** The school is in the path: a copy is refused for any school but the caller's current one (a switch mid-run). */
const schoolParams = pathParams({ organisationId: intId });

/**
 * 'Offline beschikbaar maken' in a handful of requests: one read of everything the teacher's screens
 * need (read in one transaction, so the copy is one consistent moment; If-None-Match answers 304 when
 * nothing changed), then the files it names in bundles. Never cached itself (onlineRead): what it
 * holds is stored under the screens' own keys (src/offline/prepare.ts).
 */
export const offline = {
  copy: onlineRead(offlineCopySchema)('offline/copy/{organisationId}', { params: schoolParams }),
  /**
   * Up to FILES_PER_REQUEST stored files of the school in one answer (`?ids=a,b,c`), each as a JSON
   * header line (`id`, `size`, the headers its own `files/{id}` answer has) followed by its bytes: no
   * JSON answer, so a route of its own (server/areas/offline/file-bundle.ts).
   */
  files: onlineRead<ArrayBuffer>()('offline/files/{organisationId}', {
    params: schoolParams,
    query: {
      type: 'object',
      properties: { ids: { type: 'string', pattern: '^[A-Za-z0-9_-]{1,64}(,[A-Za-z0-9_-]{1,64}){0,15}$' } },
      required: ['ids'],
    },
    ownRoute: true,
  }),
} as const;

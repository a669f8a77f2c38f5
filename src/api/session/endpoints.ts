import { endpoint } from '../endpoint';
import { idParams } from '../schemas';
import type { Message } from '../shared-types';
import type { Config, CurrentUser, Organisation, Tokens } from './types';

/** Sign-in, session, configuration and the organisation switch (part 1 §7, part 2 §7). */
export const session = {
  config: endpoint<Config>()({ method: 'GET', path: 'config', kind: 'read', offline: 'cache', access: 'public' }),
  authenticate: endpoint<Tokens>()({
    method: 'POST',
    path: 'users/authenticate',
    kind: 'write',
    offline: 'online-only',
    access: 'public',
    body: 'form',
    bodySchema: {
      type: 'object',
      properties: {
        email: { type: 'string', maxLength: 254 },
        password: { type: 'string', maxLength: 2048 },
        encoding: { type: 'string', enum: ['base64', 'plain'] },
      },
      required: ['email', 'password'],
    },
  }),
  info: endpoint<CurrentUser>()({ method: 'GET', path: 'users/info', kind: 'read', offline: 'cache', access: 'portal', otherRoles: true }),
  refreshToken: endpoint<Tokens>()({
    method: 'GET',
    path: 'users/refreshToken/{refreshToken}',
    kind: 'write',
    offline: 'online-only',
    access: 'public',
    params: {
      type: 'object',
      properties: { refreshToken: { type: 'string', minLength: 10, maxLength: 200 } },
      required: ['refreshToken'],
      additionalProperties: false,
    },
  }),
  report: endpoint<Message>()({
    method: 'POST',
    path: 'application/Jobs/Report.php',
    kind: 'write',
    offline: 'queue',
    access: 'public',
    body: 'form',
    bodySchema: {
      type: 'object',
      properties: {
        url: { type: 'string', maxLength: 2048 },
        status: { type: 'integer', minimum: 0, maximum: 999 },
        message: { type: 'string', maxLength: 4000 },
      },
      required: ['url', 'message'],
    },
  }),
  logout: endpoint<Message>()({ method: 'POST', path: 'login/logout', kind: 'write', offline: 'online-only', access: 'portal', otherRoles: true }),
  organisationInfo: endpoint<Organisation>()({ method: 'GET', path: 'organisations/info', kind: 'read', offline: 'cache', access: 'portal' }),
  organisations: endpoint<Organisation[]>()({ method: 'GET', path: 'organisations', kind: 'read', offline: 'cache', access: 'portal' }),
  setCurrentOrganisation: endpoint<Message>()({
    method: 'GET',
    path: 'users/setCurrentOrganisationId/{id}',
    kind: 'write',
    offline: 'online-only',
    access: 'portal',
    params: idParams,
  }),
} as const;

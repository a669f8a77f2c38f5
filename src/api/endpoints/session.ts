import { endpoint } from '../endpoint';
import { idParams } from '../schemas';
import type { Config, CurrentUser, ExtendInfo, Licence, Message, Organisation, Tokens } from '../types';

/** Sign-in, session and organisation calls (part 1 §7, part 2 §7 "Licences and extend info"). */
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
  licenses: endpoint<Licence[]>()({ method: 'GET', path: 'organisations/licenses', kind: 'read', offline: 'cache', access: 'portal' }),
  extendInfo: endpoint<ExtendInfo>()({ method: 'GET', path: 'organisations/extendInfo', kind: 'read', offline: 'cache', access: 'portal' }),
  saveExtendInfo: endpoint<ExtendInfo>()({
    method: 'POST',
    path: 'organisations/saveExtendInfo',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    body: 'json',
    bodySchema: {
      type: 'object',
      properties: {
        extendIntention: { type: 'boolean' },
        extendContactEmail: { type: 'string', maxLength: 254 },
      },
      required: ['extendIntention'],
    },
  }),
  setCurrentClassroom: endpoint<Message>()({
    method: 'GET',
    path: 'users/setCurrentClassroomId/{id}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: idParams,
  }),
  changeStudyLevel: endpoint<Message>()({
    method: 'GET',
    path: 'users/changeStudyLevel/{level}',
    kind: 'write',
    offline: 'queue',
    access: 'portal',
    params: {
      type: 'object',
      properties: { level: { type: 'string', minLength: 1, maxLength: 60 } },
      required: ['level'],
      additionalProperties: false,
    },
  }),
} as const;

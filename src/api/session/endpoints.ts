import { onlineOnly, onlineRead, queued, read } from '../endpoint';
import { arrayOf, email, fields, idParams, pathParams } from '../schemas';
import { messageAnswer, type Message } from '../shared-types';
import type { Invitation } from './types';
import {
  configSchema,
  currentUserSchema,
  organisationSchema,
  pendingInvitationSchema,
  schoolAccountLinkSchema,
  schoolAccountRedirectSchema,
  schoolAccountResultSchema,
  tokensSchema,
} from './types';

/** The invitation token of the e-mail: the credential of a colleague who has no password yet. */
const invitationParams = pathParams({ token: { type: 'string', minLength: 20, maxLength: 100 } });

/** A provider of OIDC_PROVIDERS (issue 33), by its id. */
const providerParams = pathParams({ provider: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,39}$' } });
/** Where the teacher was going; the server keeps only a same-origin path. */
const nextProp = { type: 'string', maxLength: 2048 } as const;

/** Sign-in, session, configuration and the organisation switch (part 1 §7, part 2 §7). */
export const session = {
  config: read(configSchema)('config', { access: 'public' }),
  authenticate: onlineOnly(tokensSchema)('users/authenticate', {
    access: 'public',
    body: 'form',
    bodySchema: fields(
      {
        email,
        password: { type: 'string', maxLength: 2048 },
        encoding: { type: 'string', enum: ['base64', 'plain'] },
      },
      ['email', 'password'],
    ),
  }),
  info: read(currentUserSchema)('users/info', { otherRoles: true }),
  refreshToken: onlineOnly(tokensSchema)('users/refreshToken/{refreshToken}', {
    access: 'public',
    params: pathParams({ refreshToken: { type: 'string', minLength: 10, maxLength: 200 } }),
  }),
  report: queued(messageAnswer)('application/Jobs/Report.php', {
    access: 'public',
    body: 'form',
    bodySchema: fields(
      {
        url: { type: 'string', maxLength: 2048 },
        status: { type: 'integer', minimum: 0, maximum: 999 },
        message: { type: 'string', maxLength: 4000 },
      },
      ['url', 'message'],
    ),
  }),
  logout: onlineOnly(messageAnswer)('login/logout', { method: 'POST', otherRoles: true }),
  // A teacher's own password (29.12, ASVS V2.1.5): the current one asked, other sessions ended.
  changePassword: onlineOnly(messageAnswer)('users/changePassword', {
    bodySchema: fields(
      {
        currentPassword: { type: 'string', maxLength: 400 },
        newPassword: { type: 'string', maxLength: 400 },
        repeatPassword: { type: 'string', maxLength: 400 },
      },
      ['currentPassword', 'newPassword', 'repeatPassword'],
    ),
    sensitiveFields: ['currentPassword', 'newPassword', 'repeatPassword'],
  }),
  organisationInfo: read(organisationSchema)('organisations/info'),
  // Invitations of other schools to this account, pending until accepted (29.1).
  pendingInvitations: onlineRead(arrayOf(pendingInvitationSchema))('organisations/invitations'),
  acceptSchoolInvitation: onlineOnly(messageAnswer)('organisations/acceptInvitation/{id}', { method: 'POST', params: idParams }),
  declineSchoolInvitation: onlineOnly(messageAnswer)('organisations/declineInvitation/{id}', { method: 'POST', params: idParams }),
  organisations: read(arrayOf(organisationSchema))('organisations'),
  setCurrentOrganisation: onlineOnly(messageAnswer)('users/setCurrentOrganisationId/{id}', { params: idParams }),
  // The set-password screen of an invitation (/wachtwoord-instellen); never cached or queued.
  invitation: onlineRead<Invitation>()('invitations/{token}', { access: 'public', ownRoute: true, params: invitationParams }),
  acceptInvitation: onlineOnly<Message & { email: string }>()('invitations/{token}', {
    access: 'public',
    ownRoute: true,
    params: invitationParams,
    bodySchema: fields(
      {
        password: { type: 'string', maxLength: 400 },
        encoding: { type: 'string', maxLength: 20 },
        name: { type: 'string', maxLength: 200 },
      },
      ['password'],
    ),
  }),
  // Sign-in with the school's own account (issue 33, OpenID Connect): start, the callback page's
  // exchange, and linking from the avatar menu. Never cached or queued: each needs the provider now.
  schoolAccountStart: onlineOnly(schoolAccountRedirectSchema)('oidc/{provider}/start', {
    access: 'public',
    params: providerParams,
    // `reauth`: the page asks the provider to ask who is there (after a refusal, 'Inloggen met een ander account').
    bodySchema: fields({ next: nextProp, reauth: { type: 'boolean' } }),
  }),
  schoolAccountFinish: onlineOnly(schoolAccountResultSchema)('oidc/{provider}/callback', {
    access: 'public',
    params: providerParams,
    bodySchema: fields({ query: { type: 'string', maxLength: 8192 } }, ['query']),
  }),
  schoolAccounts: onlineRead(arrayOf(schoolAccountLinkSchema))('oidc/links'),
  // The teacher's own password first: a link is a second way in.
  linkSchoolAccount: onlineOnly(schoolAccountRedirectSchema)('oidc/{provider}/link', {
    params: providerParams,
    bodySchema: fields({ next: nextProp, password: { type: 'string', maxLength: 2048 } }),
  }),
  unlinkSchoolAccount: onlineOnly(messageAnswer)('oidc/{provider}/link', { method: 'DELETE', params: providerParams }),
} as const;

import { onlineOnly, onlineRead, queued, read } from '../endpoint';
import { email, fields, idParams, pathParams } from '../schemas';
import type { Message } from '../shared-types';
import type { Config, CurrentUser, Invitation, Organisation, PendingInvitation, SchoolAccountLink, SchoolAccountRedirect, SchoolAccountResult, Tokens } from './types';

/** The invitation token of the e-mail: the credential of a colleague who has no password yet. */
const invitationParams = pathParams({ token: { type: 'string', minLength: 20, maxLength: 100 } });

/** A provider of OIDC_PROVIDERS (issue 33), by its id. */
const providerParams = pathParams({ provider: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,39}$' } });
/** Where the teacher was going; the server keeps only a same-origin path. */
const nextField = fields({ next: { type: 'string', maxLength: 2048 } });

/** Sign-in, session, configuration and the organisation switch (part 1 §7, part 2 §7). */
export const session = {
  config: read<Config>()('config', { access: 'public' }),
  authenticate: onlineOnly<Tokens>()('users/authenticate', {
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
  info: read<CurrentUser>()('users/info', { otherRoles: true }),
  refreshToken: onlineOnly<Tokens>()('users/refreshToken/{refreshToken}', {
    access: 'public',
    params: pathParams({ refreshToken: { type: 'string', minLength: 10, maxLength: 200 } }),
  }),
  report: queued<Message>()('application/Jobs/Report.php', {
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
  logout: onlineOnly<Message>()('login/logout', { method: 'POST', otherRoles: true }),
  // A teacher's own password (29.12, ASVS V2.1.5): the current one asked, other sessions ended.
  changePassword: onlineOnly<Message>()('users/changePassword', {
    bodySchema: fields(
      { currentPassword: { type: 'string', maxLength: 400 }, newPassword: { type: 'string', maxLength: 400 }, repeatPassword: { type: 'string', maxLength: 400 } },
      ['currentPassword', 'newPassword', 'repeatPassword'],
    ),
    sensitiveFields: ['currentPassword', 'newPassword', 'repeatPassword'],
  }),
  organisationInfo: read<Organisation>()('organisations/info'),
  // Invitations of other schools to this account, pending until accepted (29.1).
  pendingInvitations: onlineRead<PendingInvitation[]>()('organisations/invitations'),
  acceptSchoolInvitation: onlineOnly<Message>()('organisations/acceptInvitation/{id}', { method: 'POST', params: idParams }),
  declineSchoolInvitation: onlineOnly<Message>()('organisations/declineInvitation/{id}', { method: 'POST', params: idParams }),
  organisations: read<Organisation[]>()('organisations'),
  setCurrentOrganisation: onlineOnly<Message>()('users/setCurrentOrganisationId/{id}', { params: idParams }),
  // The set-password screen of an invitation (/wachtwoord-instellen); never cached or queued.
  invitation: onlineRead<Invitation>()('invitations/{token}', { access: 'public', ownRoute: true, params: invitationParams }),
  acceptInvitation: onlineOnly<Message & { email: string }>()('invitations/{token}', {
    access: 'public',
    ownRoute: true,
    params: invitationParams,
    bodySchema: fields({ password: { type: 'string', maxLength: 400 }, encoding: { type: 'string', maxLength: 20 }, name: { type: 'string', maxLength: 200 } }, ['password']),
  }),
  // Sign-in with the school's own account (issue 33, OpenID Connect): start, the callback page's
  // exchange, and linking from the avatar menu. Never cached or queued: each needs the provider now.
  schoolAccountStart: onlineOnly<SchoolAccountRedirect>()('oidc/{provider}/start', { access: 'public', params: providerParams, bodySchema: nextField }),
  schoolAccountFinish: onlineOnly<SchoolAccountResult>()('oidc/{provider}/callback', {
    access: 'public',
    params: providerParams,
    bodySchema: fields({ query: { type: 'string', maxLength: 8192 } }, ['query']),
  }),
  schoolAccounts: onlineRead<SchoolAccountLink[]>()('oidc/links'),
  linkSchoolAccount: onlineOnly<SchoolAccountRedirect>()('oidc/{provider}/link', { params: providerParams, bodySchema: nextField }),
  unlinkSchoolAccount: onlineOnly<Message>()('oidc/{provider}/link', { method: 'DELETE', params: providerParams }),
} as const;

/** Answer schemas and types of the session area (spec part 1 §3). */
import type { FromSchema } from 'json-schema-to-ts';
import { answerObject, arrayOf, bool, flag01, int, nullableInt, nullableStr, str } from '../schemas';
import { roleSchema } from '../shared-types';

export type StudyLevels = Record<string, string>;

const schoolAccountProviderSchema = answerObject({ id: str, name: str });
export type SchoolAccountProvider = FromSchema<typeof schoolAccountProviderSchema>;

export const configSchema = answerObject({
  api_url: str,
  front_url: str,
  login_url: str,
  profile_url: str,
  portal_url: str,
  cdn_url: str,
  system_key: str,
  system_name: str,
  sales_website: str,
  /** Not in part 1 §3: the sales site's order form, the target of the licence banners' order links. */
  sales_order_url: str,
  contact_email: str,
  contact_phone: str,
  title: str,
  slogan: str,
  description: str,
  page_title: str,
  preheader: answerObject({ logout_left: str, logout_right: str, teacher_left: str, teacher_right: str }),
  portfolio_enabled: bool,
  study_levels: { type: 'object', additionalProperties: str },
  handige_links: arrayOf(answerObject({ title: str, url: str })),
  portal_news: str,
  neo_connect: str,
  can_assign_chapters: bool,
  portal_max_activities: int,
  /** Not in the spec: true when the server runs with its demo school, so the login page can list the accounts. */
  demo: bool,
  /** Not in the spec (issue 33): the schools' sign-in services of OIDC_PROVIDERS, one button each on /login. */
  school_accounts: arrayOf(schoolAccountProviderSchema),
});
export type Config = FromSchema<typeof configSchema>;

/** Where to send the browser: the provider's sign-in page. */
export const schoolAccountRedirectSchema = answerObject({ url: str });

/** The callback's answer: the tokens of a sign-in, or `linked` after linking; `next` is a same-origin path. */
export const schoolAccountResultSchema = answerObject({ accessToken: str, refreshToken: str, linked: bool, next: str }, [
  'accessToken',
  'refreshToken',
  'linked',
]);

export const schoolAccountLinkSchema = answerObject({ provider: str, linked: bool });
export type SchoolAccountLink = FromSchema<typeof schoolAccountLinkSchema>;

export const tokensSchema = answerObject({ accessToken: str, refreshToken: str });
export type Tokens = FromSchema<typeof tokensSchema>;

export const currentUserSchema = answerObject({
  id: int,
  role: roleSchema,
  currentClassroomId: nullableInt,
  currentOrganisationId: int,
  email: str,
  name: str,
  organisationName: str,
  studyLevel: nullableStr,
});
export type CurrentUser = FromSchema<typeof currentUserSchema>;

/** Who an invitation link (e-mail to a new colleague) is for: answered by its own route (session/invitations.ts). */
export interface Invitation {
  email: string;
  organisationName: string;
  expiresAt: string;
  /** False when the account has no name yet: the set-password page asks it (28.19). */
  hasName: boolean;
}

/** A school that invited this account; pending until she accepts (29.1). */
export const pendingInvitationSchema = answerObject({ organisationId: int, organisationName: str, invitedAt: nullableStr });
export type PendingInvitation = FromSchema<typeof pendingInvitationSchema>;

export const organisationSchema = answerObject({
  id: int,
  name: str,
  location: str,
  city: str,
  active: flag01,
  classroomCount: int,
  studentCount: int,
  teacherCount: int,
});
export type Organisation = FromSchema<typeof organisationSchema>;

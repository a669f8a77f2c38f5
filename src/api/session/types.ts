/** Answer types of the session area (spec part 1 §3). */
import type { Role } from '../shared-types';

export type StudyLevels = Record<string, string>;

export interface Config {
  api_url: string;
  front_url: string;
  login_url: string;
  profile_url: string;
  portal_url: string;
  cdn_url: string;
  system_key: string;
  system_name: string;
  sales_website: string;
  /** Not in part 1 §3: the sales site's order form, the target of the licence banners' order links. */
  sales_order_url: string;
  contact_email: string;
  contact_phone: string;
  title: string;
  slogan: string;
  description: string;
  page_title: string;
  preheader: { logout_left: string; logout_right: string; teacher_left: string; teacher_right: string };
  portfolio_enabled: boolean;
  study_levels: StudyLevels;
  handige_links: { title: string; url: string }[];
  portal_news: string;
  neo_connect: string;
  can_assign_chapters: boolean;
  portal_max_activities: number;
  /** Not in the spec: true when the server runs with its demo school, so the login page can list the accounts. */
  demo: boolean;
  /** Not in the spec (issue 33): the schools' sign-in services of OIDC_PROVIDERS, one button each on /login. */
  school_accounts: SchoolAccountProvider[];
}

export interface SchoolAccountProvider {
  id: string;
  name: string;
}

/** Where to send the browser: the provider's sign-in page. */
export interface SchoolAccountRedirect {
  url: string;
}

/** The callback's answer: the tokens of a sign-in, or `linked` after linking; `next` is a same-origin path. */
export interface SchoolAccountResult {
  accessToken?: string;
  refreshToken?: string;
  linked?: boolean;
  next: string;
}

export interface SchoolAccountLink {
  provider: string;
  linked: boolean;
}

export interface Tokens {
  accessToken: string;
  refreshToken: string;
}

export interface CurrentUser {
  id: number;
  role: Role;
  currentClassroomId: number | null;
  currentOrganisationId: number;
  email: string;
  name: string;
  organisationName: string;
  studyLevel: string | null;
}

/** Who an invitation link (e-mail to a new colleague) is for. */
export interface Invitation {
  email: string;
  organisationName: string;
  expiresAt: string;
  /** False when the account has no name yet: the set-password page asks it (28.19). */
  hasName: boolean;
}

/** A school that invited this account; pending until she accepts (29.1). */
export interface PendingInvitation {
  organisationId: number;
  organisationName: string;
  invitedAt: string | null;
}

export interface Organisation {
  id: number;
  name: string;
  location: string;
  city: string;
  active: 0 | 1;
  classroomCount: number;
  studentCount: number;
  teacherCount: number;
}

/**
 * Who a school account may be, by the provider's binding (OIDC_PROVIDERS `organisationIds`,
 * `emailDomains`): a provider speaks only for its own schools' teachers. The first sign-in finds her
 * by a verified address; from then on the (issuer, subject) link is the only key at that provider.
 * Every refusal is a 403 with a Dutch reason.
 */
import type { OidcIdentity } from '../../auth/oidc/relying-party';
import type { OidcProviderSettings } from '../../auth/oidc/providers-config';
import { DEACTIVATED } from '../../auth/sign-in';
import type { Queryable } from '../../db/database';
import { HttpError } from '../../http-error';
import { boundAccountByAddress, boundMembership, hasLink, linkedUser, type LinkKey } from './school-account-links';

const UNKNOWN_TEACHER =
  'Er is nog geen docentaccount met het e-mailadres van dit schoolaccount. Vraag een collega van je school om je uit te nodigen; daarna kun je met je schoolaccount inloggen.';
const UNVERIFIED =
  'Je school heeft het e-mailadres van dit schoolaccount niet bevestigd, dus we weten niet zeker of het van jou is. Log in met je e-mailadres en wachtwoord.';
const STUDENT = 'Leerlingen kunnen niet inloggen in de Docentenomgeving.';
const OTHER_SCHOOL = 'Je school gebruikt de Docentenomgeving niet met dit schoolaccount. Log in met je e-mailadres en wachtwoord.';

const SOMEONE_ELSES = 'Dit schoolaccount hoort bij een ander account in de Docentenomgeving. Koppel alleen je eigen schoolaccount.';

const secondSubject = (p: OidcProviderSettings) =>
  `Je account is al gekoppeld aan een ander schoolaccount van ${p.name}. Log in met dat schoolaccount, of log in met je e-mailadres en wachtwoord en koppel dit schoolaccount via het menu onder je naam.`;

/** A student is sent to /notauthorized by the page (part 1 §4): `reason` tells it apart. */
const studentRefusal = () => new HttpError(403, STUDENT, undefined, { reason: 'student' });

export const linkKey = (p: OidcProviderSettings, who: OidcIdentity): LinkKey => ({
  provider: p.id,
  issuer: p.issuer,
  subject: who.subject,
});

const inDomains = (p: OidcProviderSettings, email: string | null) =>
  !p.emailDomains.length || (!!email && p.emailDomains.includes(email.slice(email.lastIndexOf('@') + 1)));

/** What the provider says of the account alone: another school's, or a student's. */
function refuseByClaims(p: OidcProviderSettings, who: OidcIdentity): void {
  if (p.schoolClaimValues.length && (!who.school || !p.schoolClaimValues.includes(who.school))) throw new HttpError(403, OTHER_SCHOOL);
  if (who.roles.some((r) => p.studentRoles.includes(r))) throw studentRefusal();
}

/** The account must be an active member of one of the provider's schools. */
async function requireBound(db: Queryable, p: OidcProviderSettings, account: { id: number; role: string }): Promise<void> {
  if (account.role === 'STUDENT') throw studentRefusal();
  const membership = await boundMembership(db, account.id, p.organisationIds);
  if (membership === null) throw new HttpError(403, OTHER_SCHOOL);
  if (membership === 'inactive') throw new HttpError(403, DEACTIVATED);
}

/** The teacher a sign-in is for; `newLink` when it is her first at this provider (the caller links it). */
export async function teacherOf(db: Queryable, p: OidcProviderSettings, who: OidcIdentity): Promise<{ userId: number; newLink: boolean }> {
  refuseByClaims(p, who);
  const linked = await linkedUser(db, linkKey(p, who));
  if (linked) {
    await requireBound(db, p, linked);
    return { userId: linked.id, newLink: false };
  }
  if (who.email && !who.emailVerified) throw new HttpError(403, UNVERIFIED);
  if (!who.email) throw new HttpError(403, UNKNOWN_TEACHER);
  if (!inDomains(p, who.email)) throw new HttpError(403, OTHER_SCHOOL);
  // Only a member of a school the provider speaks for: another school's provider cannot assert her address.
  const account = await boundAccountByAddress(db, who.email, p.organisationIds);
  if (!account) throw new HttpError(403, UNKNOWN_TEACHER);
  if (account.role === 'STUDENT') throw studentRefusal();
  if (!account.active) throw new HttpError(403, DEACTIVATED);
  // Her link is the key now: another account of the provider with her address is not her.
  if (await hasLink(db, p.id, p.issuer, account.id)) throw new HttpError(403, secondSubject(p));
  return { userId: account.id, newLink: true };
}

/** A teacher links an account: refused as at sign-in when it is a student's or another school's. */
export async function checkLink(db: Queryable, p: OidcProviderSettings, who: OidcIdentity, userId: number): Promise<void> {
  refuseByClaims(p, who);
  if (!inDomains(p, who.email)) throw new HttpError(403, OTHER_SCHOOL);
  const [account] = await db.query<{ id: number; role: string }>(`SELECT id, role FROM users WHERE id = $1`, [userId]);
  if (!account) throw new HttpError(403, OTHER_SCHOOL);
  await requireBound(db, p, account);
  // An account whose confirmed address is another person's in the portal (a student's, a colleague's) is theirs.
  if (who.email && who.emailVerified) {
    const [owner] = await db.query<{ id: number; role: string }>(`SELECT id, role FROM users WHERE lower(email) = $1`, [who.email]);
    if (owner && owner.id !== userId) throw owner.role === 'STUDENT' ? studentRefusal() : new HttpError(409, SOMEONE_ELSES);
  }
}

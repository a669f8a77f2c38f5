/**
 * The school-account links and spent flow states (migrations 018 and 023). A link is the provider's
 * issuer and subject: once a teacher has one at a provider, it is the only key there.
 */
import type { Queryable } from '../../db/database';

export interface LinkKey {
  provider: string;
  issuer: string;
  subject: string;
}

interface Account {
  id: number;
  role: string;
}

export async function linkedUser(db: Queryable, k: LinkKey): Promise<Account | undefined> {
  const [row] = await db.query<Account>(
    `SELECT u.id, u.role FROM school_account_links l JOIN users u ON u.id = l.user_id
      WHERE l.provider_id = $1 AND l.issuer = $2 AND l.subject = $3`,
    [k.provider, k.issuer, k.subject],
  );
  return row;
}

/** Whether the teacher already has an account of this provider (and issuer) linked. */
export async function hasLink(db: Queryable, provider: string, issuer: string, userId: number): Promise<boolean> {
  const rows = await db.query(`SELECT 1 FROM school_account_links WHERE provider_id = $1 AND issuer = $2 AND user_id = $3`, [
    provider,
    issuer,
    userId,
  ]);
  return rows.length > 0;
}

/**
 * The account with this address among the members (invited and accepted, active or not) of the
 * given schools; `active` says whether it is active in one of them.
 */
export async function boundAccountByAddress(
  db: Queryable,
  email: string,
  organisationIds: number[],
): Promise<(Account & { active: boolean }) | undefined> {
  const [row] = await db.query<Account & { active: boolean }>(
    `SELECT u.id, u.role, bool_or(m.active) AS active
       FROM users u JOIN memberships m ON m.user_id = u.id AND NOT m.pending AND m.organisation_id = ANY($2::int[])
      WHERE lower(u.email) = $1
      GROUP BY u.id, u.role`,
    [email, organisationIds],
  );
  return row;
}

/** The account's membership of the given schools: 'active', 'inactive', or null when it has none. */
export async function boundMembership(db: Queryable, userId: number, organisationIds: number[]): Promise<'active' | 'inactive' | null> {
  const [row] = await db.query<{ active: boolean | null }>(
    `SELECT bool_or(active) AS active FROM memberships WHERE user_id = $1 AND NOT pending AND organisation_id = ANY($2::int[])`,
    [userId, organisationIds],
  );
  return row?.active == null ? null : row.active ? 'active' : 'inactive';
}

/** Links the account; false when it is already another teacher's. One account per provider per teacher: a new one replaces the old. */
export async function addLink(db: Queryable, k: LinkKey, userId: number): Promise<boolean> {
  const [owner] = await db.query<{ user_id: number }>(
    `SELECT user_id FROM school_account_links WHERE provider_id = $1 AND issuer = $2 AND subject = $3`,
    [k.provider, k.issuer, k.subject],
  );
  if (owner) return owner.user_id === userId;
  await db.query(`DELETE FROM school_account_links WHERE user_id = $1 AND provider_id = $2`, [userId, k.provider]);
  await db.query(`INSERT INTO school_account_links (provider_id, issuer, subject, user_id) VALUES ($1, $2, $3, $4)`, [
    k.provider,
    k.issuer,
    k.subject,
    userId,
  ]);
  return true;
}

export async function unlinkSchoolAccount(db: Queryable, provider: string, userId: number): Promise<void> {
  await db.query(`DELETE FROM school_account_links WHERE user_id = $1 AND provider_id = $2`, [userId, provider]);
}

/** After a password change: every link goes (she links again); answers how many there were. */
export async function unlinkAll(db: Queryable, userId: number): Promise<number> {
  return (await db.query(`DELETE FROM school_account_links WHERE user_id = $1 RETURNING 1`, [userId])).length;
}

export async function linkedSchoolAccounts(db: Queryable, userId: number): Promise<string[]> {
  return (await db.query<{ provider_id: string }>(`SELECT provider_id FROM school_account_links WHERE user_id = $1`, [userId])).map(
    (r) => r.provider_id,
  );
}

/**
 * Spends a flow's state: true the first time, false when it was used before (a second callback with
 * the same cookie). Kept until the cookie expires; expired states are cleared on the way.
 */
export async function spendState(db: Queryable, state: string, expiresAt: Date, now: Date): Promise<boolean> {
  await db.query(`DELETE FROM school_account_used_states WHERE expires_at < $1`, [now]);
  const rows = await db.query(
    `INSERT INTO school_account_used_states (state, expires_at) VALUES ($1, $2) ON CONFLICT (state) DO NOTHING RETURNING 1`,
    [state, expiresAt],
  );
  return rows.length > 0;
}

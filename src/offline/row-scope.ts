/**
 * Whose change an outbox row is, and in which school it was made: its `scope` is
 * `${userId}:${organisationId}` (src/data/session.ts currentScope). The replayer sends a row only with
 * that teacher's token and names its school in `X-Organisation-Id`, so a change never lands under a
 * colleague's name on a shared tablet, nor in the school that happens to be current when it arrives.
 */

export const ORGANISATION_HEADER = 'X-Organisation-Id';

export interface RowScope {
  userId: number;
  organisationId: number;
}

/** The teacher and school of a scope; null for a row bound to nobody (an old test's 's', 'public'). */
export function parseScope(scope: string): RowScope | null {
  const m = /^(\d+):(\d+)$/.exec(scope);
  return m ? { userId: Number(m[1]), organisationId: Number(m[2]) } : null;
}

/**
 * The teacher an access token was issued to: its `sub` (server/auth/tokens.ts). Read from the token
 * itself rather than from a row written beside it, so the two can never disagree (a refresh in the
 * worker rewrites the pair, a cleared database loses a side row). Null when it cannot be read.
 */
export function tokenOwner(accessToken: string | null | undefined): number | null {
  const payload = accessToken?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    );
    const sub = Number((JSON.parse(json) as { sub?: unknown }).sub);
    return Number.isInteger(sub) && sub > 0 ? sub : null;
  } catch {
    return null;
  }
}

/** A row of another teacher than the one signed in: held, never sent with her token. */
export function heldFor(scope: string, owner: number | null): boolean {
  const row = parseScope(scope);
  return row !== null && owner !== null && row.userId !== owner;
}

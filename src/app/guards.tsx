/**
 * Route guards of part 1 §2/§6: signed out → /login (remembering the address asked for), a role other
 * than ADMIN or TEACHER → /notauthorized.
 */
import type { ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { outcomeOf } from '../data/auth';
import { session } from '../data/session';

export function RequirePortal({ children }: { children: ReactNode }) {
  const { checked, authenticated, user } = useSnapshot(session);
  const [path] = useLocation();
  const search = useSearch();
  // Until the user load finishes the loading overlay covers the page.
  if (!checked) return null;
  if (!authenticated || !user) {
    const next = encodeURIComponent(path + (search ? `?${search}` : ''));
    return <Redirect to={`/login?next=${next}`} replace />;
  }
  if (outcomeOf(user) !== 'portal') return <Redirect to="/notauthorized" replace />;
  return <>{children}</>;
}

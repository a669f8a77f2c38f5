/**
 * Route guards of part 1 §2/§6: signed out → /login (remembering the address asked for), a role other
 * than ADMIN → /notauthorized, and a screen of the last tabs for a school without licences
 * → /index with a notice.
 */
import { useDeferredValue, useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { Redirect, useLocation, useSearch } from 'wouter';
import { outcomeOf } from '../data/auth';
import { session } from '../data/session';
import { shellData } from '../shell/shell-data';
import { INACTIVE_SCHOOL_NOTICE, PORTFOLIOS_OFF_NOTICE, showRedirectNotice } from './redirect-notice';

export function RequirePortal({ children }: { children: ReactNode }) {
  const { checked, authenticated, user } = useSnapshot(session);
  // The session becoming known is a valtio change, which React renders at once and in one piece: the
  // whole page mounting in it was one long task on a tablet. The page mounts in the deferred render
  // that follows, which React slices and yields between (already known on a later page: no delay).
  const settled = useDeferredValue(checked);
  const [path] = useLocation();
  const search = useSearch();
  // Until the user load finishes the loading overlay covers the page.
  if (!checked) return null;
  if (!authenticated || !user) {
    const next = encodeURIComponent(path + (search ? `?${search}` : ''));
    return <Redirect to={`/login?next=${next}`} replace />;
  }
  if (outcomeOf(user) !== 'portal') return <Redirect to="/notauthorized" replace />;
  if (!settled) return null;
  return <>{children}</>;
}

/**
 * Part 1 §2 / part 2 §6: these screens exist only for an active school. Typing their address at an
 * inactive school lands on the dashboard with the reason; the server refuses their calls anyway (403).
 * While the school's state is unknown the page shows: the last known state is there from the first
 * paint (shell-data.ts), also offline.
 */
export function RequireActiveSchool({ children }: { children: ReactNode }) {
  const { active } = useSnapshot(shellData);
  const inactive = active === false;
  useEffect(() => {
    if (inactive) showRedirectNotice(INACTIVE_SCHOOL_NOTICE, '/index');
  }, [inactive]);
  if (inactive) return <Redirect to="/index" replace />;
  return <>{children}</>;
}

/** Without portfolio_enabled there is no Portfolio's tab (part 1 §2); its address is refused the same way. */
export function RequirePortfolios({ children }: { children: ReactNode }) {
  const { config } = useSnapshot(session);
  const off = !config.portfolio_enabled;
  useEffect(() => {
    if (off) showRedirectNotice(PORTFOLIOS_OFF_NOTICE, '/index');
  }, [off]);
  if (off) return <Redirect to="/index" replace />;
  return <>{children}</>;
}

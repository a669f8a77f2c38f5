/**
 * Route guards of part 1 §2/§6: signed out → /login (remembering the address asked for), a role other
 * than ADMIN → /notauthorized, and a screen of the last tabs for a school without licences (or of the
 * portfolios with them off) → /index with a notice; links to such a screen are not offered.
 */
import { useCallback, useDeferredValue, useEffect, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { matchRoute, Redirect, useLocation, useRouter, useSearch } from 'wouter';
import { outcomeOf } from '../data/auth';
import { session } from '../data/session';
import { shellData } from '../shell/shell-data';
import { CanOpenContext } from '../ui/route-access';
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

/** What closes a route besides the session: the flags of its entry in the route table. */
export interface RouteRule {
  /** A screen of the last tabs: only for a school with licences (part 1 §2, part 2 §6). */
  activeSchool?: true;
  /** Only with portfolio_enabled, like its tab. */
  portfolios?: true;
}

/**
 * Why a route is closed now, or null: one rule for the redirect and for the links to it. A school's
 * state that is not known yet closes nothing: the last known state is there from the first paint
 * (shell-data.ts), also offline.
 */
function useRefusal(): (rule: RouteRule) => string | null {
  const { active } = useSnapshot(shellData);
  const { config } = useSnapshot(session);
  const portfolios = config.portfolio_enabled;
  return useCallback(
    (rule: RouteRule) =>
      rule.activeSchool && active === false ? INACTIVE_SCHOOL_NOTICE : rule.portfolios && !portfolios ? PORTFOLIOS_OFF_NOTICE : null,
    [active, portfolios],
  );
}

/**
 * Part 1 §2 / part 2 §6: a closed screen's address typed in lands on the dashboard with the reason;
 * the server refuses its calls anyway (403).
 */
export function RequireOpen({ rule, children }: { rule: RouteRule; children: ReactNode }) {
  const refusal = useRefusal()(rule);
  useEffect(() => {
    if (refusal) showRedirectNotice(refusal, '/index');
  }, [refusal]);
  if (refusal) return <Redirect to="/index" replace />;
  return <>{children}</>;
}

/** Answers useCanOpen for the pages under it: an address whose route the rule closes is not offered. */
export function RouteAccess({ routes, children }: { routes: readonly (RouteRule & { path: string })[]; children: ReactNode }) {
  const refusal = useRefusal();
  const { parser } = useRouter();
  const canOpen = useCallback(
    (href: string) => {
      const route = routes.find((r) => matchRoute(parser, r.path, href)[0]);
      return !route || refusal(route) === null;
    },
    [routes, parser, refusal],
  );
  return <CanOpenContext value={canOpen}>{children}</CanOpenContext>;
}

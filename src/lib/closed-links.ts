/**
 * Configured HTML (the preheader, part 1 §2) may invite to a screen this school cannot open: the
 * wishlist of a school without licences bounces to the dashboard. Such a text is not shown to it.
 */
// The screens behind the last tabs (part 1 §2): only for a school with licences.
const LAST_TABS = ['/documents', '/books', '/examinations', '/portfolios', '/wishlist'];

export function closedScreens(active: boolean | undefined, portfolioEnabled: boolean): string[] {
  if (active === false) return LAST_TABS;
  return portfolioEnabled ? [] : ['/portfolios'];
}

/** Whether the HTML links to one of `closed` (a path of this site, with or without its origin). */
function linksToClosed(html: string, closed: readonly string[], origin = typeof location === 'undefined' ? '' : location.origin): boolean {
  if (closed.length === 0) return false;
  for (const m of html.matchAll(/href\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)) {
    let href = (m[1] ?? m[2] ?? m[3] ?? '').trim();
    if (origin && href.startsWith(origin)) href = href.slice(origin.length);
    const path = href.split(/[?#]/)[0] ?? '';
    if (closed.some((c) => path === c || path.startsWith(`${c}/`))) return true;
  }
  return false;
}

export const withoutClosed = (html: string, closed: readonly string[]): string => (linksToClosed(html, closed) ? '' : html);

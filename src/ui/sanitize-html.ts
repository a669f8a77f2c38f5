/**
 * DOMPurify's pass over configured HTML (preheader texts) that is more than text, links and emphasis.
 * A module of its own, loaded by safe-html.tsx only for such HTML: DOMPurify is a weight (docs/performance.md) that every
 * first visit parsed for two lines of plain text (issue 17).
 */
import DOMPurify from 'dompurify';

// A preheader is a line of text with links: no style sheets (they restyle the whole page), no forms
// or inputs (a fake sign-in inside the app), and no inline style that lifts an element out of the
// line (position fixed/absolute/sticky, z-index) to lay a look-alike over the real page.
const FORBID_TAGS = ['style', 'form', 'input', 'button', 'textarea', 'select', 'option', 'link', 'meta', 'dialog'];
const OVERLAY_STYLE = /position\s*:|z-index\s*:|inset\s*:|transform\s*:/i;

const purify = DOMPurify();
purify.addHook('uponSanitizeAttribute', (_node, data) => {
  if (data.attrName === 'style' && OVERLAY_STYLE.test(data.attrValue)) data.keepAttr = false;
});

const once = (html: string) => purify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS, FORBID_ATTR: ['formaction', 'form'] });

/**
 * Earlier answers: the preheader renders with every change of the shell, and each DOMPurify pass
 * rebuilds its configuration, so on a tablet sanitising the same two strings again and again was a
 * visible share of the first load. The result depends on the input only.
 */
const sanitized = new Map<string, string>();
const MAX_REMEMBERED = 50;

export function sanitizeHtml(html: string | null | undefined): string {
  const input = html ?? '';
  const known = sanitized.get(input);
  if (known !== undefined) return known;
  // Until nothing changes: when DOMPurify removes a node it can step over the node after it, or
  // over the children it lifts out of a removed form (seen in jsdom), leaving an <input> behind.
  let out = once(input);
  for (let i = 0; i < 4; i++) {
    const again = once(out);
    if (again === out) break;
    out = again;
  }
  if (sanitized.size >= MAX_REMEMBERED) sanitized.clear();
  sanitized.set(input, out);
  return out;
}

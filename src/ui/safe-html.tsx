/**
 * Renders HTML that comes from configuration (preheader texts), sanitised first (architecture: UI).
 *
 * Text with links and emphasis, what a preheader holds, is checked here against a short allowlist and
 * shown at once; anything else goes through DOMPurify (sanitize-html.ts), loaded only then. The
 * allowlist decides alone: HTML it does not fully accept is never shown from here.
 */
import { createElement, useEffect, useMemo, useState } from 'react';

const PLAIN_TAGS = new Set(['A', 'B', 'BR', 'EM', 'I', 'SMALL', 'SPAN', 'STRONG', 'U']);
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:', 'tel:']);
// Worth parsing at all: only tags of the allowlist and no handler attribute. Parsing HTML with inline
// handlers makes Chromium report a CSP violation for each, so that HTML goes to DOMPurify unparsed.
const OTHER_TAG = /<(?!\/?(?:a|b|br|em|i|small|span|strong|u)[\s/>])/i;
const HANDLER = /[\s/"']on[a-z]+\s*=/i;

function plainElement(el: Element): boolean {
  if (!PLAIN_TAGS.has(el.tagName)) return false;
  for (const { name, value } of Array.from(el.attributes)) {
    if (el.tagName !== 'A' || (name !== 'href' && name !== 'title')) return false;
    if (name === 'href') {
      let protocol: string;
      try {
        protocol = new URL(value, window.location.origin).protocol;
      } catch {
        return false;
      }
      if (!LINK_PROTOCOLS.has(protocol)) return false;
    }
  }
  return true;
}

/** The HTML as the browser parses it when it is only text, allowlisted elements and safe links; else null. */
export function plainHtml(html: string): string | null {
  if (OTHER_TAG.test(html) || HANDLER.test(html)) return null;
  // An inert document: nothing in it loads or runs.
  const doc = new DOMParser().parseFromString(html, 'text/html');
  if (doc.head.childNodes.length > 0) return null;
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_ALL);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE) continue;
    if (node.nodeType !== Node.ELEMENT_NODE || !plainElement(node as Element)) return null;
  }
  return doc.body.innerHTML;
}

/** The sanitised HTML: at once for plain HTML, after DOMPurify has loaded for the rest ('' until then). */
function useSafeHtml(html: string): string {
  const fast = useMemo(() => plainHtml(html), [html]);
  const [purified, setPurified] = useState<{ html: string; out: string } | null>(null);
  useEffect(() => {
    if (fast !== null) return;
    let live = true;
    void import('./sanitize-html').then(({ sanitizeHtml }) => live && setPurified({ html, out: sanitizeHtml(html) }));
    return () => {
      live = false;
    };
  }, [html, fast]);
  if (fast !== null) return fast;
  return purified?.html === html ? purified.out : '';
}

export function SafeHtml({
  html,
  component = 'div',
  ...rest
}: {
  html: string | null | undefined;
  component?: 'div' | 'span' | 'p';
  'data-testid'?: string;
  className?: string;
}) {
  const safe = useSafeHtml(html ?? '');
  return createElement(component, { ...rest, dangerouslySetInnerHTML: { __html: safe } });
}

/**
 * The one interface every cross-engine scenario talks to. Two implementations: Playwright driving
 * Debian's Chromium (chromium-driver.ts) and W3C WebDriver driving WebKitGTK's MiniBrowser
 * (webkit-driver.ts). Elements are found in the page by one engine-neutral function (`markTarget`),
 * then clicked or typed into with the engine's own native input, so a scenario is written once.
 */

export type Engine = 'chromium' | 'webkit';

/** A regular expression as it crosses into the page (RegExp objects do not survive serialisation). */
export interface NamePattern {
  source: string;
  flags: string;
}

/** An element: a CSS selector, optionally narrowed by accessible name and by an enclosing element. */
export interface Target {
  css: string;
  /** Exact accessible name (trimmed, whitespace collapsed), or a pattern. */
  name?: string | NamePattern;
  /** CSS of an ancestor that must contain the element; with `withinText`, the ancestor's text must match. */
  within?: string;
  withinText?: string;
}

export interface AppDriver {
  readonly engine: Engine;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  url(): Promise<string>;
  /** Runs `fn` in the page; `fn` must be self-contained (it is sent as source text). */
  evaluate<R, A = undefined>(fn: (arg: A) => R | Promise<R>, arg?: A): Promise<R>;
  /** Native click on the element's CSS (found by the caller through `markTarget`). */
  clickCss(css: string): Promise<void>;
  /** Native typing: clears the field, then types `value`. */
  fillCss(css: string, value: string): Promise<void>;
  /** Closes the app's window and opens it again in a new window on the same browser profile. */
  reopen(url: string): Promise<void>;
  /** PNG of the window, attached to a failed test. */
  screenshot(): Promise<Buffer>;
  close(): Promise<void>;
}

/**
 * In the page: finds the first visible element matching the target, tags it with a unique attribute
 * and returns that attribute's selector, or null. Self-contained: it is sent to the page as text.
 */
export function markTarget(target: Target): string | null {
  const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
  const text = (ids: string) =>
    ids
      .split(/\s+/)
      .map((id) => document.getElementById(id)?.textContent ?? '')
      .join(' ');
  const nameOf = (el: Element): string => {
    const aria = el.getAttribute('aria-label');
    if (aria) return norm(aria);
    const by = el.getAttribute('aria-labelledby');
    if (by) return norm(text(by));
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length)
      return norm(
        Array.from(labels)
          .map((l) => l.textContent)
          .join(' '),
      );
    return norm(el.textContent) || norm(el.getAttribute('placeholder')) || norm(el.getAttribute('title'));
  };
  const visible = (el: Element) => {
    if (el.getClientRects().length === 0) return false;
    const style = getComputedStyle(el);
    return style.visibility !== 'hidden' && style.display !== 'none';
  };
  const wanted = target.name;
  const matches = (el: Element) => {
    if (wanted === undefined) return true;
    const name = nameOf(el);
    return typeof wanted === 'string' ? name === norm(wanted) : new RegExp(wanted.source, wanted.flags).test(name);
  };
  const roots = target.within
    ? Array.from(document.querySelectorAll(target.within)).filter(
        (r) => !target.withinText || (r.textContent ?? '').includes(target.withinText),
      )
    : [document];
  for (const root of roots) {
    for (const el of Array.from(root.querySelectorAll(target.css))) {
      if (!visible(el) || !matches(el)) continue;
      const id = Math.random().toString(36).slice(2);
      el.setAttribute('data-lane-target', id);
      return `[data-lane-target="${id}"]`;
    }
  }
  return null;
}

export const pattern = (re: RegExp): NamePattern => ({ source: re.source, flags: re.flags });

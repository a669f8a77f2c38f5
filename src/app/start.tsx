import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app';
import { bootstrapSession } from './bootstrap';
import { preloadStart } from './preload';

// As soon as the app is evaluated, before React renders: the session check and the page's chunk start
// while React is still being evaluated and the first screen renders, not after the first render. The
// preload in a task of its own: asking for thirty chunks (a link element each) took as long as
// evaluating the app.
void bootstrapSession();
setTimeout(() => preloadStart(window.location.pathname), 0);

/**
 * A transition: React renders the first screen in slices and yields to the browser between them, so
 * the static loading overlay of index.html keeps painting and no single task holds a slow tablet's CPU.
 */
export function startApp(root: Root): void {
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app';
import { bootstrapSession } from './bootstrap';
import { preloadStart } from './preload';

// As soon as the app is evaluated, before React renders: the page's chunk and the session check start
// while React is still being evaluated and the first screen renders, not after the first render.
preloadStart(window.location.pathname);
void bootstrapSession();

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

import { startTransition, StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { App } from './app';

/**
 * A transition: React renders the first screen in slices and yields to the browser between them, so
 * the static loading overlay of index.html keeps painting and no single task holds a slow tablet's CPU.
 */
export function renderApp(root: Root): void {
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}

import './app/mantine-styles';
import './app/global.css';
// The loading overlay's rules, shared by index.html's static overlay and src/ui/loading-overlay.tsx.
import './app/loading-overlay.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { preloadStart } from './app/preload';

// Before React starts: the page's chunk downloads while the entry runs, not after the first render.
preloadStart(window.location.pathname);

// A transition: React renders the first screen in slices and yields to the browser between them, so
// the static loading overlay of index.html keeps painting and no single task holds a slow tablet's CPU.
const root = createRoot(document.getElementById('root') as HTMLElement);
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

import './app/mantine-styles';
import './app/global.css';
// The loading overlay's rules, shared by index.html's static overlay and src/ui/loading-overlay.tsx.
import './app/loading-overlay.css';
import { preloadStart } from './app/preload';


/**
 * React and the app are evaluated in two steps, each in a task of its own: on a cheap tablet the whole
 * entry evaluated at once was the longest task of a load (~30 ms here, four times that on a tablet),
 * while index.html's static overlay is already on screen. Both chunks download together (modulepreload).
 */
async function start(): Promise<void> {
  const client = import('react-dom/client');
  // Before React starts, the page's chunk and its data: they download while React is evaluated, not
  // after the first render. In a task of its own: asking for thirty chunks (a link element each) took
  // as long as evaluating the entry.
  setTimeout(() => preloadStart(window.location.pathname), 0);
  const { createRoot } = await client;
  const { renderApp } = await import('./app/start');
  renderApp(createRoot(document.getElementById('root') as HTMLElement));
}
void start();

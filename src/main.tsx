import './app/mantine-styles';
import './app/global.css';
// The loading overlay's rules, shared by index.html's static overlay and src/ui/loading-overlay.tsx.
import './app/loading-overlay.css';

/**
 * React and the app download together and are evaluated each in a task of its own: on a cheap tablet
 * the whole entry evaluated at once was the longest task of a load (~30 ms here, four times that on
 * a tablet), while index.html's static overlay is already on screen.
 */
async function start(): Promise<void> {
  const client = import('react-dom/client');
  const app = import('./app/start');
  const { createRoot } = await client;
  (await app).startApp(createRoot(document.getElementById('root') as HTMLElement));
}
void start();

/** Providers and start-up: theme, notifications, modals, page title, the session load and the shell. */
import { startTransition, useEffect, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { useLocation } from 'wouter';
import { AppShell } from '../shell/app-shell';
import { LoadingOverlay } from '../ui/loading-overlay';
import { Overlays } from '../ui/overlays';
import { bootstrapSession } from './bootstrap';
import { PageTitleProvider } from './page-title-provider';
import { AppRoutes } from './routes';
import { cssVariablesResolver, theme } from './theme';

function Root() {
  const [ready, setReady] = useState(false);
  const [path, navigate] = useLocation();

  useEffect(() => {
    let live = true;
    void bootstrapSession().then((outcome) => {
      if (!live) return;
      // The signed-in frame and the page render in slices (see main.tsx).
      startTransition(() => setReady(true));
      // A student's stored session was just ended; another role stays signed in but may not enter.
      if ((outcome === 'student' || outcome === 'refused') && path !== '/notauthorized') navigate('/notauthorized', { replace: true });
    });
    return () => {
      live = false;
    };
    // Runs once at start; later navigation is the guards' business.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return (
    <>
      <LoadingOverlay visible={!ready} />
      <AppShell ready={ready}>
        <AppRoutes />
      </AppShell>
    </>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light">
      <Overlays />
      <PageTitleProvider>
        <Root />
      </PageTitleProvider>
    </MantineProvider>
  );
}

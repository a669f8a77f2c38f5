/** Renders a component as the app does: Mantine theme (test env: no transitions, no portals) and a router. */
import type { ReactElement, ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { render } from '@testing-library/react';
import { Router } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { theme } from '../../src/app/theme';

export function renderWithProviders(ui: ReactElement, { path = '/' }: { path?: string } = {}) {
  const location = memoryLocation({ path, record: true });
  // As a wrapper, so rerender() keeps the providers and the component keeps its state.
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MantineProvider theme={theme} env="test">
      <Router hook={location.hook}>{children}</Router>
    </MantineProvider>
  );
  return { ...render(ui, { wrapper }), location };
}

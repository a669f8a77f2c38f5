/**
 * Loads the shell's school data for a signed-in teacher (useShellData) into shell-data.ts. A part of
 * its own, loaded after the first paint, because reads bring Dexie and the outbox with them and the
 * sign-in page must not wait for those.
 */
import { useEffect } from 'react';
import type { CurrentUser } from '../api/session/types';
import { clearShellData, setShellData } from './shell-data';
import { useShellData } from './use-shell-data';

export function PortalData({ user }: { user: Readonly<CurrentUser> }) {
  const { organisation, active, overuse } = useShellData(user, true);
  const organisationName = organisation?.name;
  useEffect(() => {
    if (active !== undefined && overuse !== undefined) setShellData({ organisationName, active, overuse });
  }, [organisationName, active, overuse]);
  // Signed out or another school: nothing of this school may stay on screen.
  useEffect(() => clearShellData, []);
  return null;
}

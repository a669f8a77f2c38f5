/** Data the shell needs: the current school, its licences and, for ADMIN, the schools to switch to. */
import { useState } from 'react';
import { licences as licencesApi } from '../api/licences/endpoints';
import { ApiCallError } from '../api/request';
import { session as sessionApi } from '../api/session/endpoints';
import type { CurrentUser } from '../api/session/types';
import { useRead } from '../data/use-read';
import { useWrite } from '../data/use-write';
import { landingAfterSwitch } from '../lib/school-switch';

// The offline copy's run (and the catalogue it plans from) loads only for a switch, not with the header.
const cancelOfflineCopy = async () => (await import('../data/offline-copy')).cancelOfflineCopy();

/** The whole page loads anew at `path` (the same address reloads), so nothing of the old school stays. */
function reloadAt(path: string): void {
  const { pathname, search, hash } = window.location;
  if (path === pathname && !search && !hash) window.location.reload();
  else window.location.replace(path);
}

const SWITCH_OFFLINE_MESSAGE = 'Wisselen van school kan alleen met een internetverbinding.';

export function useShellData(user: Readonly<CurrentUser> | null, portal: boolean) {
  const signedIn = Boolean(user) && portal;
  const info = useRead(sessionApi.organisationInfo, {}, { enabled: signedIn });
  const active = info.data ? info.data.active === 1 : undefined;
  const licences = useRead(licencesApi.list, {}, { enabled: signedIn && active === true });
  // Unknown until the licences are in: a 'no' before then would hide a banner that is about to show.
  const overuse = active === false ? false : licences.data && licences.data.some((l) => l.overuse);
  return { organisation: info.data, active, overuse };
}

export function useOrganisations(enabled: boolean) {
  const [wanted, setWanted] = useState(false);
  const list = useRead(sessionApi.organisations, {}, { enabled: enabled && wanted });
  return { organisations: list.data, loading: list.loading, load: () => setWanted(true) };
}

/** Online-only (catalogue): switching school reloads the whole page so no data of the old school stays. */
export function useOrganisationSwitch() {
  const { send, busy } = useWrite(sessionApi.setCurrentOrganisation);
  const [error, setError] = useState<string | null>(null);
  const choose = async (id: number) => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      setError(SWITCH_OFFLINE_MESSAGE);
      return;
    }
    setError(null);
    try {
      // The preparation of the old school stops before the server switches (its answers would change school).
      await cancelOfflineCopy();
      await send({ params: { id } }, 'Wisselen van school');
      reloadAt(landingAfterSwitch(window.location.pathname));
    } catch (err) {
      setError(err instanceof ApiCallError && !err.isNetwork ? err.message : SWITCH_OFFLINE_MESSAGE);
    }
  };
  return { choose, busy, error };
}

/**
 * A notice shown above the page a guard redirected to, saying why (for now: a screen of the last tabs
 * opened for a school without licences). It stays until the teacher closes it or leaves that page.
 */
import { useEffect, useRef } from 'react';
import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { proxy, useSnapshot } from 'valtio';
import { useLocation } from 'wouter';

export const INACTIVE_SCHOOL_NOTICE =
  'Je school heeft voor dit schooljaar nog geen licenties. Lesmateriaal, Modules printen, Toetsen, Portfolio’s en het Verlanglijstje zijn pas beschikbaar als de licenties besteld zijn.';

export const PORTFOLIOS_OFF_NOTICE = 'Portfolio’s staan in deze omgeving niet aan.';

const notice = proxy<{ text: string | null; page: string | null }>({ text: null, page: null });

/** Called by a guard as it redirects to `page`. */
export function showRedirectNotice(text: string, page: string): void {
  notice.text = text;
  notice.page = page;
}

export function RedirectNotice() {
  const { text, page } = useSnapshot(notice);
  const [path] = useLocation();
  const arrived = useRef(false);
  useEffect(() => {
    if (!text) return;
    if (path === page) arrived.current = true;
    else if (arrived.current) {
      // Left the page it was shown on: the reason no longer applies to what is on screen.
      notice.text = null;
      arrived.current = false;
    }
  }, [path, page, text]);
  if (!text || path !== page) return null;
  return (
    <Alert
      mb="lg"
      color="yellow"
      variant="light"
      icon={<IconInfoCircle aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Melding sluiten"
      onClose={() => (notice.text = null)}
      role="status"
    >
      {text}
    </Alert>
  );
}

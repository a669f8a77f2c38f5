/**
 * /login/schoolaccount/{provider} (issue 33): where the school's provider sends the browser back.
 * Hands the provider's answer to the server once, keeps the tokens as a password sign-in does, and
 * goes where the teacher was going; a refusal is shown on /login, a link's outcome in a notice.
 */
import { useEffect } from 'react';
import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useLocation } from 'wouter';
import { getAccessToken } from '../../data/session';
import { finishSchoolAccount, schoolAccountError, type SchoolAccountOutcome } from '../../data/school-account';
import { safeReturnPath } from '../../lib/return-to';
import { usePageTitle } from '../../ui/page-title';

/** The answer is single-use: a second render (StrictMode, a remount) reuses the first request. */
const finishing = new Map<string, Promise<SchoolAccountOutcome>>();

export function SchoolAccountReturnPage({ params }: { params: Record<string, string | undefined> }) {
  usePageTitle('Inloggen');
  const [, navigate] = useLocation();
  const provider = params.provider ?? '';

  useEffect(() => {
    const query = window.location.search;
    const key = `${provider}${query}`;
    let run = finishing.get(key);
    if (!run) {
      run = finishSchoolAccount(provider, query);
      finishing.set(key, run);
    }
    const linking = !!getAccessToken();
    let live = true;
    run.then(
      (result) => {
        if (!live) return;
        if (result.kind === 'student') return navigate('/notauthorized', { replace: true });
        if (result.kind === 'linked') {
          notifications.show({
            closeButtonProps: { 'aria-label': 'Melding sluiten' },
            color: 'green',
            message: 'Je schoolaccount is gekoppeld. Je kunt er voortaan mee inloggen.',
          });
        }
        const next = safeReturnPath(result.next);
        navigate(result.kind === 'signed-in' && result.outcome !== 'portal' ? '/notauthorized' : next, { replace: true });
      },
      (err: unknown) => {
        if (!live) return;
        const message = schoolAccountError(err);
        if (linking) {
          notifications.show({ closeButtonProps: { 'aria-label': 'Melding sluiten' }, color: 'red', message });
          return navigate('/index', { replace: true });
        }
        navigate('/login', { replace: true, state: { schoolAccountError: message } });
      },
    );
    return () => {
      live = false;
    };
  }, [provider, navigate]);

  return (
    <Center py="xl">
      <Loader role="status" aria-label="Inloggen met je schoolaccount" />
    </Center>
  );
}

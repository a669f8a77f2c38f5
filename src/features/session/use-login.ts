/** Signs in and turns every refusal into the Dutch text of part 1 §8. */
import { useState } from 'react';
import { ApiCallError } from '../../api/request';
import { OFFLINE_LOGIN_MESSAGE, signIn, WRONG_CREDENTIALS_MESSAGE, type SessionOutcome } from '../../data/auth';

const LOGIN_FAILED_MESSAGE = 'Inloggen is niet gelukt. Probeer het later opnieuw.';

function loginErrorMessage(err: unknown): string {
  if (err instanceof ApiCallError) {
    if (err.isNetwork) return OFFLINE_LOGIN_MESSAGE;
    if (err.status === 401) return WRONG_CREDENTIALS_MESSAGE;
    // Too many attempts, or an account set inactive: the server says in Dutch what happened and what to do.
    if ((err.status === 429 || err.status === 403) && err.message) return err.message;
  }
  return LOGIN_FAILED_MESSAGE;
}

export function useLogin(onDone: (outcome: SessionOutcome) => void) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (email: string, password: string) => {
    if (!navigator.onLine) {
      setError(OFFLINE_LOGIN_MESSAGE);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const outcome = await signIn(email, password);
      if (outcome === 'signed-out') setError(LOGIN_FAILED_MESSAGE);
      else onDone(outcome);
    } catch (err) {
      setError(loginErrorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return { submit, busy, error };
}

/**
 * Copies a text (a class code) to the clipboard. The icon alone says nothing to a screen reader, so
 * the result is also announced in a polite live region ('Gekopieerd'). The visible result is a
 * positioned label rather than Mantine's Tooltip: it only ever shows after a tap, and Tooltip would put
 * floating-ui into the first load of every page with a class code (the dashboard among them).
 */
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import classes from './copy-button.module.css';
import { ActionIcon, VisuallyHidden } from './plain';
import { COPY_RESET_MS } from '../constants';

type CopyState = 'idle' | 'copied' | 'failed';

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), COPY_RESET_MS);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      // No clipboard permission (an embedded browser): say so instead of pretending.
      setState('failed');
    }
  };

  const message = state === 'copied' ? 'Gekopieerd' : state === 'failed' ? 'Kopiëren lukte niet' : '';
  return (
    <>
      <span className={classes.anchor}>
        <ActionIcon aria-label={label} onClick={() => void copy()} disabled={!value}>
          {state === 'copied' ? <IconCheck size={20} aria-hidden="true" /> : <IconCopy size={20} aria-hidden="true" />}
        </ActionIcon>
        {message && (
          <span className={classes.bubble} aria-hidden="true">
            {message}
          </span>
        )}
      </span>
      <VisuallyHidden role="status" aria-live="polite">
        {message}
      </VisuallyHidden>
    </>
  );
}

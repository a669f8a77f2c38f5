/**
 * Copies a text (a class code) to the clipboard. The icon alone says nothing to a screen reader, so
 * the result is also announced in a polite live region ('Gekopieerd').
 */
import { ActionIcon, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

type CopyState = 'idle' | 'copied' | 'failed';

// Long enough to read on a tablet, short enough not to linger over the next code.
const RESET_MS = 2000;

export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    const timer = setTimeout(() => setState('idle'), RESET_MS);
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
      <Tooltip label={message || label} opened={state !== 'idle'} withinPortal={false}>
        <ActionIcon variant="subtle" size={44} aria-label={label} onClick={() => void copy()} disabled={!value}>
          {state === 'copied' ? <IconCheck size={20} aria-hidden="true" /> : <IconCopy size={20} aria-hidden="true" />}
        </ActionIcon>
      </Tooltip>
      <VisuallyHidden role="status" aria-live="polite">
        {message}
      </VisuallyHidden>
    </>
  );
}

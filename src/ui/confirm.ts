import { modals } from '@mantine/modals';
import { requestOverlays } from './overlays-ready';

/** A confirmation (part 1 §2: title defaults to 'Verwijderen', buttons 'Annuleren' and a confirm button). */
export async function confirmAction(opts: { title?: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  // The modals host mounts when first asked for (overlays.tsx); the dialog opens once it is there.
  await requestOverlays();
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title ?? 'Verwijderen',
      children: opts.message,
      labels: { confirm: opts.confirmLabel ?? 'Verwijderen', cancel: 'Annuleren' },
      // Dark shades keep white text at 4.5:1 contrast.
      confirmProps: { color: opts.danger === false ? 'blue.9' : 'red.9' },
      closeButtonProps: { 'aria-label': 'Sluiten', size: 44 },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The info dialog titled 'Let op!' of part 1 §2, closed with its 'OK' button (or the cross). */
export function infoDialog(message: string): Promise<void> {
  return requestOverlays().then(
    () =>
      new Promise<void>((resolve) => {
        modals.openConfirmModal({
          title: 'Let op!',
          children: message,
          labels: { confirm: 'OK', cancel: '' },
          confirmProps: { color: 'blue.9', miw: 88 },
          // A dialog that only informs: one button, no 'Annuleren'.
          cancelProps: { style: { display: 'none' }, tabIndex: -1, 'aria-hidden': true },
          closeButtonProps: { 'aria-label': 'Sluiten', size: 44 },
          onConfirm: () => resolve(),
          onClose: () => resolve(),
        });
      }),
  );
}

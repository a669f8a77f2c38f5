import { modals } from '@mantine/modals';

/** A confirmation (part 1 §2: title defaults to 'Verwijderen', buttons 'Annuleren' and a confirm button). */
export function confirmAction(opts: { title?: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
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

/** The info dialog titled 'Let op!' of part 1 §2. */
export function infoDialog(message: string): void {
  modals.open({ title: 'Let op!', children: message, closeButtonProps: { 'aria-label': 'Sluiten', size: 44 } });
}

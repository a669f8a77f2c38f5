import { modals } from '@mantine/modals';

/** A confirmation (part 1 §2: title defaults to 'Verwijderen', buttons 'Annuleren' and a confirm button). */
export function confirmAction(opts: { title?: string; message: string; confirmLabel?: string; danger?: boolean }): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title: opts.title ?? 'Verwijderen',
      children: opts.message,
      labels: { confirm: opts.confirmLabel ?? 'Verwijderen', cancel: 'Annuleren' },
      confirmProps: { color: opts.danger === false ? 'blue' : 'red' },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}

/** The info dialog titled 'Let op!' of part 1 §2. */
export function infoDialog(message: string): void {
  modals.open({ title: 'Let op!', children: message });
}

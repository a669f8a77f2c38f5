/**
 * Deleting one student (online-only: it also removes their portfolio, so it is never queued).
 * Asks first; a refusal or a missing network is shown in Dutch.
 */
import { notifications } from '@mantine/notifications';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { Student } from '../../api/types';
import { useWrite } from '../../data/use-write';
import { confirmAction } from '../../ui/confirm';

export function showFailure(err: unknown): void {
  notifications.show({ closeButtonProps: { 'aria-label': 'Melding sluiten' }, color: 'red', title: 'Niet gelukt', message: err instanceof ApiCallError ? err.message : String(err) });
}

export function useStudentDelete(afterDelete: () => Promise<void> | void) {
  const { send, busy } = useWrite(api.classrooms.deleteStudent);
  const remove = async (student: Pick<Student, 'id' | 'name' | 'email'>) => {
    const who = student.name || student.email;
    const ok = await confirmAction({ message: `Weet je zeker dat je ${who} wilt verwijderen? Het portfolio van deze leerling wordt ook verwijderd.` });
    if (!ok) return;
    try {
      const outcome = await send({ params: { id: student.id } }, `Leerling ${who} verwijderen`);
      notifications.show({ closeButtonProps: { 'aria-label': 'Melding sluiten' }, color: 'green', message: outcome.queued ? `${who} wordt verwijderd.` : 'De leerling is verwijderd.' });
      await afterDelete();
    } catch (err) {
      showFailure(err);
    }
  };
  return { remove, busy };
}

/**
 * Deleting one student (online-only: it also removes their portfolio, so it is never queued).
 * Asks the server how much portfolio there is (students/portfolioCount, part 1 §7), then asks the
 * teacher, warning about the portfolio only when there is one, as bulk delete does. A refusal or a
 * missing network is shown in Dutch.
 */
import { notifications } from '@mantine/notifications';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { Student } from '../../api/classrooms/types';
import { call } from '../../data/api-client';
import { useWrite } from '../../data/use-write';
import { confirmAction } from '../../ui/confirm';

export function showFailure(err: unknown): void {
  notifications.show({
    closeButtonProps: { 'aria-label': 'Melding sluiten' },
    color: 'red',
    title: 'Niet gelukt',
    message: err instanceof ApiCallError ? err.message : String(err),
  });
}

/** The question before deleting one student with `portfolioItems` portfolio items. */
function deleteQuestion(who: string, portfolioItems: number): { title?: string; message: string } {
  if (portfolioItems === 0) return { message: `Weet je zeker dat je ${who} wilt verwijderen?` };
  return {
    title: 'Let op!',
    message: `Het portfolio van ${who} wordt ook verwijderd (${portfolioItems} ${portfolioItems === 1 ? 'onderdeel' : 'onderdelen'}). Dit kan niet ongedaan worden gemaakt. Weet je zeker dat je ${who} wilt verwijderen?`,
  };
}

export function useStudentDelete(afterDelete: () => Promise<void> | void) {
  const { send, busy } = useWrite(api.students.delete);
  const remove = async (student: Pick<Student, 'id' | 'name' | 'email'>) => {
    const who = student.name || student.email;
    try {
      const { count } = await call(api.students.portfolioCount, { params: { id: student.id } });
      if (!(await confirmAction(deleteQuestion(who, count)))) return;
      const outcome = await send({ params: { id: student.id } }, `Leerling ${who} verwijderen`);
      notifications.show({
        closeButtonProps: { 'aria-label': 'Melding sluiten' },
        color: 'green',
        message: outcome.queued ? `${who} wordt verwijderd.` : 'De leerling is verwijderd.',
      });
      await afterDelete();
    } catch (err) {
      showFailure(err);
    }
  };
  return { remove, busy };
}

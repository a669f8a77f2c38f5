/** The classes list's data (part 1 §2 "Classes list"): classes, inactive students, students without a class. */
import { notifications } from '@mantine/notifications';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import type { Classroom } from '../../api/classrooms/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { confirmAction, infoDialog } from '../../ui/confirm';
import { canDeleteClass, HAS_STUDENTS_MESSAGE } from './class-rules';
import { classroomPatches } from './optimistic-patches';
import { showFailure, useStudentDelete } from './use-student-delete';

export function useClassrooms() {
  const { user, config } = useSnapshot(session);
  const school = useRead(api.classrooms.school, {}, { patches: classroomPatches });
  const idle = useRead(api.classrooms.idleStudents);
  const orphans = useRead(api.classrooms.orphanStudents);
  const deleteClass = useWrite(api.classrooms.delete);
  const reloadAll = async () => {
    await Promise.all([school.reload(), idle.reload(), orphans.reload()]);
  };
  const students = useStudentDelete(reloadAll);

  const removeClass = async (room: Classroom) => {
    if (!canDeleteClass(room)) {
      void infoDialog(HAS_STUDENTS_MESSAGE);
      return;
    }
    const ok = await confirmAction({ message: `Weet je zeker dat je klas ${room.name} wilt verwijderen?` });
    if (!ok) return;
    try {
      const outcome = await deleteClass.send({ params: { id: room.id } }, `Klas ${room.name} verwijderen`);
      notifications.show({
        closeButtonProps: { 'aria-label': 'Melding sluiten' },
        color: outcome.queued ? 'blue' : 'green',
        message: outcome.queued
          ? `Je bent offline: klas ${room.name} wordt verwijderd zodra er weer verbinding is.`
          : `Klas ${room.name} is verwijderd.`,
      });
      if (!outcome.queued) await school.reload();
    } catch (err) {
      showFailure(err);
      await school.reload();
    }
  };

  return {
    userId: user?.id,
    config,
    school,
    idle,
    orphans,
    removeClass,
    removeStudent: students.remove,
    // Oldest answer of the three: the notice should not claim fresher data than shown.
    stale: school.stale || idle.stale || orphans.stale,
    updatedAt: [school.updatedAt, idle.updatedAt, orphans.updatedAt].reduce<number | null>(
      (a, b) => (a === null ? b : b === null ? a : Math.min(a, b)),
      null,
    ),
  };
}

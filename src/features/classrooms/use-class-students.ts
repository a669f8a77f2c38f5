/**
 * The students of one class (part 1 §2 "Class students"): the list, the selection and the bulk
 * actions. Moving is queueable (its patch takes the students out of this list at once); deleting is
 * online-only and asks the server first whether portfolios would go with it (part 1 §4).
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { students as studentsText } from '../../lib/plural';
import { confirmAction } from '../../ui/confirm';
import { canRunBulk, type BulkAction } from './class-rules';
import { classroomPatches } from './optimistic-patches';
import { showFailure, useStudentDelete } from './use-student-delete';

export function useClassStudents(classId: number) {
  const { config } = useSnapshot(session);
  const details = useRead(api.classrooms.details, { params: { id: classId } }, { patches: classroomPatches });
  const list = useRead(api.classrooms.students, { params: { id: classId } }, { patches: classroomPatches });
  const school = useRead(api.classrooms.school, {}, { patches: classroomPatches });
  const move = useWrite(api.classrooms.massMove);
  const deleteCheck = useWrite(api.classrooms.massDeleteCheck);
  const massDelete = useWrite(api.classrooms.massDelete);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [action, setAction] = useState<BulkAction | null>(null);
  const [moving, setMoving] = useState(false);

  const reload = async () => {
    await Promise.all([list.reload(), details.reload(), school.reload()]);
  };
  const single = useStudentDelete(reload);

  const select = (ids: readonly number[], on: boolean) =>
    setSelected((s) => {
      const next = new Set(s);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const chosen = () => [...selected].filter((id) => list.data?.some((s) => s.id === id));

  const run = async () => {
    const users = chosen();
    if (!canRunBulk(action, users.length)) return;
    if (action === 'move') setMoving(true);
    else await removeMany(users);
  };

  const moveTo = async (targetClassroomId: number) => {
    const users = chosen();
    const target = school.data?.find((c) => c.id === targetClassroomId)?.name ?? 'de andere klas';
    setMoving(false);
    try {
      const outcome = await move.send(
        { body: { users, targetClassroomId, currentClassroomId: classId } },
        `${studentsText(users.length)} naar ${target}`,
      );
      notifications.show({
        closeButtonProps: { 'aria-label': 'Melding sluiten' },
        color: outcome.queued ? 'blue' : 'green',
        message: outcome.queued
          ? `Je bent offline: ${studentsText(users.length)} worden verplaatst naar ${target} zodra er weer verbinding is.`
          : outcome.answer.message,
      });
      setSelected(new Set());
      setAction(null);
      if (!outcome.queued) await reload();
    } catch (err) {
      showFailure(err);
      await reload();
    }
  };

  const removeMany = async (users: number[]) => {
    try {
      const check = await deleteCheck.send({ body: { users } });
      const answer = check.queued ? null : check.answer;
      const ok = answer?.safe
        ? await confirmAction({ message: `Weet je zeker dat je ${studentsText(users.length)} wilt verwijderen?` })
        : await confirmAction({
            title: 'Let op!',
            message: `Van deze leerlingen worden ook de portfolio's verwijderd${answer ? ` (${answer.portfolioCount} ${answer.portfolioCount === 1 ? 'onderdeel' : 'onderdelen'})` : ''}. Dit kan niet ongedaan worden gemaakt. Weet je zeker dat je ${studentsText(users.length)} wilt verwijderen?`,
          });
      if (!ok) return;
      const outcome = await massDelete.send({ body: { users } }, `${studentsText(users.length)} verwijderen`);
      notifications.show({
        closeButtonProps: { 'aria-label': 'Melding sluiten' },
        color: 'green',
        message: outcome.queued ? 'De leerlingen worden verwijderd.' : outcome.answer.message,
      });
      setSelected(new Set());
      setAction(null);
      await reload();
    } catch (err) {
      showFailure(err);
    }
  };

  return {
    config,
    details,
    list,
    school,
    selected,
    select,
    action,
    setAction,
    run,
    busy: move.busy || deleteCheck.busy || massDelete.busy,
    moving,
    closeMove: () => setMoving(false),
    moveTo,
    removeStudent: single.remove,
  };
}

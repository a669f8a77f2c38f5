/**
 * The dashboard's other data: the school, its classes, the current class and the study level.
 * Choosing a class and changing the level are queueable; the feed is reloaded once the server
 * knows the new class.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import { studyLevelParam } from './optimistic-patches';

const QUEUED_CLASS =
  'Je bent offline: de klas wordt gekozen zodra er weer verbinding is. Tot dan zie je de activiteiten van de vorige klas.';

function failed(err: unknown): void {
  notifications.show({
    closeButtonProps: { 'aria-label': 'Melding sluiten' },
    color: 'red',
    title: 'Niet gelukt',
    message: err instanceof ApiCallError ? err.message : String(err),
  });
}

export function useDashboard(onClassChanged: (id: number) => Promise<void>) {
  const { user, config } = useSnapshot(session);
  const organisation = useRead(api.session.organisationInfo);
  const school = useRead(api.classrooms.school);
  const setClass = useWrite(api.dashboard.setCurrentClassroom);
  const setLevel = useWrite(api.dashboard.changeStudyLevel);
  const [classId, setClassId] = useState<number | null>(user?.currentClassroomId ?? null);
  const [level, setLevelKey] = useState<string | null>(user?.studyLevel ?? null);
  const [notice, setNotice] = useState<string | null>(null);

  const classes = school.data ?? [];
  const ownClasses = classes.filter((c) => c.mainTeacherId === user?.id);
  // The server falls back to the first own class when none was chosen (server/areas/dashboard/queries.ts, roomOf).
  const shownClassId = classId ?? ownClasses[0]?.id ?? null;

  const chooseClass = async (id: number) => {
    setClassId(id);
    setNotice(null);
    try {
      const outcome = await setClass.send({ params: { id } }, `Klas kiezen: ${classes.find((c) => c.id === id)?.name ?? id}`);
      // Kept in the session so the choice survives leaving and re-opening the dashboard.
      if (session.user) session.user.currentClassroomId = id;
      if (outcome.queued) setNotice(QUEUED_CLASS);
      else await onClassChanged(id);
    } catch (err) {
      failed(err);
      setClassId(user?.currentClassroomId ?? null);
    }
  };

  const chooseLevel = async (key: string) => {
    const label = config.study_levels[key];
    if (!label) return;
    const previous = level;
    setLevelKey(key);
    try {
      await setLevel.send({ params: { level: studyLevelParam(label) } }, `Niveau wijzigen: ${label}`);
      if (session.user) session.user.studyLevel = key;
    } catch (err) {
      failed(err);
      setLevelKey(previous);
    }
  };

  return {
    user,
    config,
    organisation,
    school,
    classes,
    ownClasses,
    classId: shownClassId,
    chooseClass,
    level,
    chooseLevel,
    notice,
    clearNotice: () => setNotice(null),
  };
}

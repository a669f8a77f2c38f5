/**
 * The class form's data and saving (part 1 §2 "Class form", §5, §8). Saving is queueable with the
 * refusal shown in the form; offline the class waits in the outbox and shows in the list through
 * the 'classrooms.save' patch. A new class goes to its own address once saved, so its code shows.
 */
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { api } from '../../api/catalogue';
import { ApiCallError } from '../../api/request';
import type { Classroom } from '../../api/classrooms/types';
import { session } from '../../data/session';
import { useRead } from '../../data/use-read';
import { useWrite } from '../../data/use-write';
import type { WriteOutcome } from '../../data/writes';
import { useEditConflict } from '../../widgets/edit-conflict/use-edit-conflict';
import { classroomPatches } from './optimistic-patches';

const REQUIRED_MESSAGE = 'Alle velden zijn verplicht om in te vullen.';
const SAVED_MESSAGE = 'Wijzigingen succesvol opgeslagen.';
export const QUEUED_MESSAGE = 'Je bent offline: de klas is bewaard en wordt opgeslagen zodra er weer verbinding is.';
// The server's own wording (server/areas/classrooms/handlers.ts), so a check made here reads the same.
export const FIELD_MESSAGES = { name: 'Vul de naam van de klas in.', chapters: 'Kies minstens één module voor deze klas.' } as const;

export interface ClassFields {
  name: string;
  mainTeacherId: number | null;
  defaultStudyLevel: string;
  answersActivated: boolean;
  chapters: number[];
}

export type FormStatus = { kind: 'idle' } | { kind: 'queued' } | { kind: 'error'; message: string; errors: Record<string, string> };

/** A refusal as the form shows it: the server's banner text and its messages per field. */
export function statusFromError(err: unknown): FormStatus {
  if (err instanceof ApiCallError && err.status !== 0)
    return { kind: 'error', message: err.message || REQUIRED_MESSAGE, errors: err.errors };
  return { kind: 'error', message: err instanceof Error ? err.message : String(err), errors: {} };
}

const fieldsOf = (c: Classroom): ClassFields => ({
  name: c.name,
  mainTeacherId: c.mainTeacherId,
  defaultStudyLevel: c.defaultStudyLevel,
  answersActivated: c.answersActivated,
  chapters: [...c.chapters],
});

/** Data the form needs before it can show: the class, the teachers and the modules. */
export function useClassroomFormData(id: number) {
  const { config } = useSnapshot(session);
  const details = useRead(api.classrooms.details, { params: { id } }, { patches: classroomPatches });
  const teachers = useRead(api.teachers.list);
  const sections = useRead(api.classrooms.sections, {}, { enabled: config.can_assign_chapters });
  return { config, details, teachers, sections };
}

export function useClassroomForm(room: Classroom, canAssignChapters: boolean) {
  const [, navigate] = useLocation();
  const { send, busy } = useWrite(api.classrooms.save);
  const [fields, setFields] = useState<ClassFields>(() => fieldsOf(room));
  // The class as the teacher saw it when she opened the form (then as she last saved it), sent as
  // `base` (issue 36): the server merges her changes with a colleague's and refuses a clash.
  const [base, setBase] = useState<ClassFields>(() => fieldsOf(room));
  const conflict = useEditConflict(api.classrooms.save, room.id);
  const [status, setStatus] = useState<FormStatus>({ kind: 'idle' });
  const update = (patch: Partial<ClassFields>) => setFields((f) => ({ ...f, ...patch }));
  const noChapters = canAssignChapters && fields.chapters.length === 0;

  const submit = async () => {
    const errors: Record<string, string> = {};
    if (!fields.name.trim()) errors.name = FIELD_MESSAGES.name;
    if (!fields.defaultStudyLevel) errors.defaultStudyLevel = 'Kies een standaardniveau.';
    if (noChapters) errors.chapters = FIELD_MESSAGES.chapters;
    if (Object.keys(errors).length) {
      setStatus({ kind: 'error', message: REQUIRED_MESSAGE, errors });
      return;
    }
    const body = {
      id: room.id,
      name: fields.name.trim(),
      mainTeacherId: fields.mainTeacherId,
      accessCode: room.accessCode,
      defaultStudyLevel: fields.defaultStudyLevel,
      answersActivated: fields.answersActivated,
      chapters: fields.chapters,
      ...(room.id === 0 ? {} : { base }),
    };
    const label = room.id === 0 ? `Nieuwe klas '${body.name}'` : `Klas '${body.name}' wijzigen`;
    try {
      done(await send({ body }, label, { refusalToCaller: true }));
    } catch (err) {
      if (!conflict.caught(err, { body }, label)) setStatus(statusFromError(err));
    }
  };

  const done = (outcome: WriteOutcome<Classroom>) => {
    setBase(fields);
    if (outcome.queued) {
      setStatus({ kind: 'queued' });
      return;
    }
    setStatus({ kind: 'idle' });
    notifications.show({ closeButtonProps: { 'aria-label': 'Melding sluiten' }, color: 'green', message: SAVED_MESSAGE });
    if (room.id === 0) navigate(`/classrooms/form/${outcome.answer.id}`, { replace: true });
  };

  const keepMine = async () => {
    const outcome = (await conflict.keepMine()) as WriteOutcome<Classroom> | null;
    if (outcome) done(outcome);
  };
  const keepTheirs = async () => {
    const current = (await conflict.keepTheirs()) as Classroom | null;
    if (current?.id !== room.id) return;
    setFields(fieldsOf(current));
    setBase(fieldsOf(current));
    setStatus({ kind: 'idle' });
  };

  return {
    fields,
    update,
    status,
    busy,
    submit,
    noChapters,
    saved: status.kind === 'queued' && room.id === 0,
    conflict: conflict.conflict,
    keepMine,
    keepTheirs,
  };
}

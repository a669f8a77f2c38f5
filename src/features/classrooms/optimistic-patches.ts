/**
 * Optimistic changes of the class screens' queueable writes (docs/offline.md): a saved, deleted or
 * emptied class shows at once, also without Wi-Fi, and undoes itself when the server refuses.
 */
import { api } from '../../api/catalogue';
import { blankClassroom } from '../../api/classrooms/blank-classroom';
import type { Classroom, Student } from '../../api/classrooms/types';
import { patch, tempId, type Queued } from '../../data/optimistic';
import { session } from '../../data/session';

type Entry = Pick<Queued<unknown>, 'createdAt' | 'seq'>;

export interface SaveBody {
  id: number;
  name: string;
  mainTeacherId?: number | null;
  accessCode?: string;
  defaultStudyLevel: string;
  answersActivated?: boolean;
  chapters: number[];
}

export interface MoveBody {
  users: number[];
  targetClassroomId: number;
  currentClassroomId: number;
}

function applyFields(room: Classroom, body: SaveBody): Classroom {
  return {
    ...room,
    name: body.name.trim(),
    mainTeacherId: body.mainTeacherId ?? room.mainTeacherId,
    defaultStudyLevel: body.defaultStudyLevel,
    studyLevel: body.defaultStudyLevel,
    answersActivated: body.answersActivated ?? room.answersActivated,
    chapters: [...body.chapters],
  };
}

export function applySave(rooms: Classroom[], body: SaveBody, entry: Entry, teacherName = ''): Classroom[] {
  if (body.id !== 0) return rooms.map((r) => (r.id === body.id ? applyFields(r, body) : r));
  const blank = blankClassroom(tempId(entry), body.mainTeacherId ?? session.user?.id ?? null, teacherName);
  return [...rooms, applyFields(blank, body)];
}

export function applyMove(rooms: Classroom[], body: MoveBody): Classroom[] {
  const n = body.users.length;
  return rooms.map((r) =>
    r.id === body.currentClassroomId
      ? { ...r, studentCount: Math.max(0, r.studentCount - n) }
      : r.id === body.targetClassroomId
        ? { ...r, studentCount: r.studentCount + n }
        : r,
  );
}

/** The students read is per class: its URL is not visible here, so a list is matched by its members. */
function withoutMoved(list: Student[], body: MoveBody): Student[] {
  const moved = new Set(body.users);
  const isCurrent = list.some((s) => moved.has(s.id) && s.classrooms.includes(body.currentClassroomId));
  return isCurrent ? list.filter((s) => !moved.has(s.id)) : list;
}

const { school, details, students, save, delete: remove, massMove } = api.classrooms;

export const classroomPatches = [
  patch(save, school, (rooms, entry) => applySave(rooms, entry.args.body as SaveBody, entry, session.user?.name ?? '')),
  patch(save, details, (room, entry) => {
    const body = entry.args.body as SaveBody;
    return body.id !== 0 && room.id === body.id ? applyFields(room, body) : room;
  }),
  patch(remove, school, (rooms, entry) => rooms.filter((r) => r.id !== Number(entry.args.params.id))),
  patch(massMove, school, (rooms, entry) => applyMove(rooms, entry.args.body as MoveBody)),
  patch(massMove, students, (list, entry) => withoutMoved(list, entry.args.body as MoveBody)),
];

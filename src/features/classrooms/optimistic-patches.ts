/**
 * Optimistic changes of the class screens' queueable writes (docs/offline.md): a saved, deleted or
 * emptied class shows at once, also without Wi-Fi, and undoes itself when the server refuses.
 * Registered once when a class page module loads.
 */
import type { Classroom, Student } from '../../api/classrooms/types';
import { registerPatch, type Patch } from '../../data/optimistic';
import { session } from '../../data/session';

type Entry = Pick<Parameters<Patch>[2], 'args' | 'createdAt' | 'seq'>;

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

/** A class not yet on the server gets a negative id, so it never clashes with a real one. */
const tempId = (entry: Entry) => -(entry.seq ?? entry.createdAt);

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
  const empty: Classroom = {
    id: tempId(entry),
    name: '',
    mainTeacherId: body.mainTeacherId ?? session.user?.id ?? null,
    mainTeacherName: teacherName,
    accessCode: '',
    defaultStudyLevel: '',
    studyLevel: '',
    studentCount: 0,
    answersActivated: false,
    chapters: [],
    hidden: false,
  };
  return [...rooms, applyFields(empty, body)];
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

export function registerClassroomPatches(): void {
  registerPatch('classrooms.save', (readId, data, entry) => {
    const body = entry.args.body as SaveBody;
    if (readId === 'classrooms.school' && Array.isArray(data)) return applySave(data as Classroom[], body, entry, session.user?.name ?? '');
    if (readId === 'classrooms.details' && data && body.id !== 0 && (data as Classroom).id === body.id) return applyFields(data as Classroom, body);
    return data;
  });

  registerPatch('classrooms.delete', (readId, data, entry) => {
    const id = Number(entry.args.params?.id);
    return readId === 'classrooms.school' && Array.isArray(data) ? (data as Classroom[]).filter((r) => r.id !== id) : data;
  });

  registerPatch('classrooms.massMove', (readId, data, entry) => {
    const body = entry.args.body as MoveBody;
    if (readId === 'classrooms.school' && Array.isArray(data)) return applyMove(data as Classroom[], body);
    // The students read is per class: its URL is not visible here, so a list is matched by its members.
    if (readId === 'classrooms.students' && Array.isArray(data)) {
      const list = data as Student[];
      const moved = new Set(body.users);
      const isCurrent = list.some((s) => moved.has(s.id) && s.classrooms.includes(body.currentClassroomId));
      return isCurrent ? list.filter((s) => !moved.has(s.id)) : list;
    }
    return data;
  });
}

registerClassroomPatches();

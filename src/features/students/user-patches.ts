/**
 * The optimistic change of a profile saved offline (docs/offline.md): the student form shows the new
 * e-mail, name, level and classes at once. A password change is never queued, so it has no patch.
 */
import type { UserDetails } from '../../api/students/types';
import { api } from '../../api/catalogue';
import { patch } from '../../data/optimistic';

export interface ProfileBody {
  id: number;
  email?: string;
  name?: string;
  studyLevel?: string | null;
  classrooms?: number[];
  changepassword?: boolean;
  /** The profile as the teacher saw it (issue 36): the server merges over a colleague's changes. */
  base?: { email?: string; name?: string; studyLevel?: string | null; classrooms?: number[] };
}

export function applyProfile(user: UserDetails, body: ProfileBody): UserDetails {
  if (body.id !== user.id || body.changepassword || body.email === undefined) return user;
  const email = body.email.trim();
  return {
    ...user,
    email,
    // Part 2 §2: an empty name becomes the e-mail address, as the server does.
    name: (body.name ?? '').trim() || email,
    studyLevel: body.studyLevel === undefined ? user.studyLevel : body.studyLevel || null,
    classrooms: body.classrooms ?? user.classrooms,
  };
}

export const profilePatches = [
  patch(api.students.save, api.students.details, (user, entry) => applyProfile(user, entry.args.body as ProfileBody)),
];

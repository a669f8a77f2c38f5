/** Answer types of the student screens (spec part 2 §3). */
import type { Role } from '../shared-types';

export interface UserDetails {
  active: boolean;
  canDownloadPdf: boolean;
  canSwitchStudyLevel: boolean;
  classroomTexts: string;
  classrooms: number[];
  email: string;
  hasEnabledClassrooms: boolean;
  id: number;
  isExternal: boolean;
  lastActive: string | null;
  lastLogin: string | null;
  lastLessonId: number | null;
  lastLessonImage: string | null;
  lastLessonName: string | null;
  name: string;
  organisationFrontType: string;
  organisationFrontId: number;
  organisationFrontLocation: string;
  organisationFrontName: string;
  regDate: string;
  role: Role;
  roleText: string;
  studyLevel: string | null;
}

export interface QuizResult {
  dateText: string;
  title: string;
  percentage: number;
  good: number;
  total: number;
  /** Beyond the spec's fields: 'personality' has no right answers, so the profile shows no score. */
  type: 'quiz' | 'personality';
}

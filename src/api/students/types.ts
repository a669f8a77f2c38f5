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
  /**
   * Issue 31: the day an inactive student or a leaver is deleted (her last activity plus the school's
   * retention months), null while she is active. Missing in answers cached before it existed.
   */
  deleteOn?: string | null;
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

/** What 'Leerling definitief verwijderen' removes, counted for the confirm dialog. */
export interface ErasureCounts {
  classes: number;
  portfolioItems: number;
  feedback: number;
  quizResults: number;
  checkRequests: number;
  activities: number;
  files: number;
}

/** One line of 'Wie heeft dit ingezien'. */
export interface AccessLogEntry {
  at: string;
  who: string;
  action: 'VIEW' | 'CHANGE' | 'EXPORT';
  subject: 'PROFILE' | 'PORTFOLIO' | 'RESULTS' | 'DATA';
}

/** The privacy tab of the student profile (issue 31.2), read fresh each time. */
export interface StudentPrivacy {
  counts: ErasureCounts;
  accessLog: AccessLogEntry[];
  /** As in UserDetails.deleteOn. */
  deleteOn: string | null;
  retentionMonths: number;
  /** How long the access log keeps a line. */
  accessLogDays: number;
}

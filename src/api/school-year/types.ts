/** Answer types of the 'Nieuw schooljaar' wizard (issue 31): the plan for the year change and its outcome. */

/** What happens to a class: it goes on as a class of the next year, or it stops (the exam year leaves). */
export type ClassAction = 'door' | 'stopt';
/** What happens to a student: on with her class, stays behind (zittenblijver), or leaves the school. */
export type StudentAction = 'door' | 'zitten' | 'weg';

export interface ClassPlan {
  id: number;
  name: string;
  level: string;
  studentCount: number;
  /** The leerjaar read from the name ('2B-a' → 2), null when the name starts with no number. */
  year: number | null;
  action: ClassAction;
  /** The next class's name (proposed or edited); two classes with one name are merged. */
  nextName: string;
  nextLevel: string;
  /** Why it stops when it stops on its own: 'eindexamenjaar'. */
  reason?: string;
  edited: boolean;
}

export interface StudentPlan {
  id: number;
  name: string;
  /** Her classes this year, by name. */
  classNames: string[];
  level: string | null;
  action: StudentAction;
  nextLevel: string | null;
  /** The class she is in next year, null when none (her class stops and she stays at school). */
  nextClass: string | null;
  edited: boolean;
}

export interface NewClassPlan {
  name: string;
  level: string;
  studentCount: number;
  /** Names of this year's classes it comes from; empty for a class made for students staying behind. */
  from: string[];
}

export interface YearCounts {
  classesBefore: number;
  classesAfter: number;
  students: number;
  door: number;
  zitten: number;
  weg: number;
  levelChanges: number;
  /** Students who stay at school without a class next year. */
  withoutClass: number;
  /** Licences in use now (this year's classes) and in the new year's classes, summed over modules. */
  licencesNow: number;
  licencesNext: number;
}

export interface YearPlan {
  name: string;
  startsOn: string;
  /** The year the current classes are archived under ('2026-2027' before '2027-2028'). */
  previousName: string;
  /** When a leaver's data is due for deletion (docs/decisions.md: 12 months after she leaves). */
  retentionUntil: string;
  classes: ClassPlan[];
  students: StudentPlan[];
  newClasses: NewClassPlan[];
  counts: YearCounts;
  /** The last year change of this school, if any. */
  lastApplied: { name: string; appliedAt: string } | null;
}

export interface YearApplied {
  name: string;
  counts: YearCounts;
  newClasses: { id: number; name: string; accessCode: string; studentCount: number }[];
  message: string;
}

export interface ArchivedYear {
  name: string;
  classCount: number;
}

/** Answer types of the students' app calls (docs/api-students-app.md). */

/** Tokens of a new student account: the same pair as `users/authenticate` answers. */
export interface StudentTokens {
  accessToken: string;
  refreshToken: string;
}

export interface StudentLesson {
  id: number;
  title: string;
  chapterId: number;
  chapterName: string;
}

export interface StudentPortfolioBlock {
  key: string;
  type: 'FILE' | 'REFLECTION';
  isSubmitted: boolean;
  /** The teacher's grade: PERFECT, GOOD, WRONG or '' (not graded yet). */
  status: string;
  items: { indexNumber: number; description: string; subtitle: string; value: string; hasFile: boolean }[];
}

export interface StudentPortfolioItem {
  id: number;
  lessonId: number;
  submittedAt: string | null;
  blocks: StudentPortfolioBlock[];
}

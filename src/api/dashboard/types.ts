/** Answer types of the dashboard (spec part 1 §3). */

export type ActivityType = 'LOGIN' | 'REGISTER' | 'QUIZ' | 'PORTFOLIO_ITEM' | 'CHECK_REQUEST';
export type CheckStatus = 'OPEN' | 'APPROVED' | 'REJECTED' | 'CANCELED' | 'EXPIRED' | 'APPROVED_EXPIRED';

export interface Activity {
  id: number;
  typeText: ActivityType;
  read: 0 | 1;
  dateTimeCreatedText: string;
  userId: number;
  userName: string;
  userQuizResult: { title: string; type: string; good: number; total: number; scoreText: string } | null;
  portfolioItem: { lessonTitle: string } | null;
  lessonId: number | null;
  lessonName: string | null;
  targetId: number | null;
  targetStatus: CheckStatus | null;
}

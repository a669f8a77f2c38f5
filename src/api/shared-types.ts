/** The few answer types every area shares; each area keeps its own beside its endpoints (<area>/types.ts). */

export type Role = 'ADMIN' | 'TEACHER' | 'STUDENT';

export interface Message {
  message: string;
}

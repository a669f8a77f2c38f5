/** Answer types of the exams screen (spec part 2 §3). */

export interface Exam {
  id: number;
  title: string;
  variant: 'B-KGT' | 'BASIS' | 'KGT';
  sectionName: string;
  contentFileId: string;
  answerFileId: string;
  createdAtText: string;
  updatedAtText: string;
  hidden: boolean;
}

/** Block grades (part 2 §4, §9): PERFECT = Goed (G), GOOD = Voldoende (V), WRONG = Onvoldoende (O). */
import type { BlockStatus } from '../../api/portfolios/types';

export type Grade = Exclude<BlockStatus, ''>;

export const GRADES: readonly { status: Grade; label: string; letter: string }[] = [
  { status: 'PERFECT', label: 'Goed', letter: 'G' },
  { status: 'GOOD', label: 'Voldoende', letter: 'V' },
  { status: 'WRONG', label: 'Onvoldoende', letter: 'O' },
];

export const gradeLabel = (status: BlockStatus | undefined): string => GRADES.find((g) => g.status === status)?.label ?? 'Niet beoordeeld';

/** The score letter of one block; '-' when it has no grade yet. */
export const gradeLetter = (status: BlockStatus | undefined): string => GRADES.find((g) => g.status === status)?.letter ?? '-';

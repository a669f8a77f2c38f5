import { randomInt } from 'node:crypto';

// No 0/O and 1/I: students type the code from a board or a sheet of paper.
const ACCESS_CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const ACCESS_CODE_LENGTH = 6;

/** A crypto-random class code: 32^6 ≈ 10^9 codes, so guessing another school's class is impractical. */
export function newAccessCode(): string {
  let code = '';
  for (let i = 0; i < ACCESS_CODE_LENGTH; i++) code += ACCESS_CODE_ALPHABET[randomInt(ACCESS_CODE_ALPHABET.length)];
  return code;
}

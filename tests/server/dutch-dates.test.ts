/**
 * The server's Dutch dates (server/dutch-dates.ts, part 1 §9 'd MMM yyyy HH:mm'): the same text the
 * page writes, in Dutch time whatever zone the server runs in.
 */
import { expect, it } from 'vitest';
import { dutchDateTime, dutchDay } from '../../server/dutch-dates';

it('writes an instant in Dutch time with the short Dutch month, winter and summer', () => {
  expect(dutchDateTime(new Date('2024-03-05T13:07:00Z'))).toBe('5 mrt 2024 14:07');
  expect(dutchDateTime(new Date('2024-07-01T22:30:00Z'))).toBe('2 jul 2024 00:30');
  expect(dutchDateTime(new Date('2025-10-31T08:05:00Z'))).toBe('31 okt 2025 09:05');
});

it('writes a calendar day with the full Dutch month name, on that day', () => {
  expect(dutchDay('2026-03-05')).toBe('5 maart 2026');
  expect(dutchDay('2027-07-01')).toBe('1 juli 2027');
});

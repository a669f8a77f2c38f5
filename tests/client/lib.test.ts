import { describe, expect, it, vi } from 'vitest';
import { formatDate, formatDateTime, formatRecent, isoDay } from '../../src/lib/dates';
import { filterOrganisations, organisationLabel } from '../../src/lib/organisations';
import { pageTitle } from '../../src/lib/page-title';
import { classes, plural, students } from '../../src/lib/plural';
import { safeReturnPath } from '../../src/lib/return-to';
import { throttle } from '../../src/lib/throttle';
import { encodePassword, isValidEmail, stripSpaces, validateEmail, validatePassword } from '../../src/lib/validation';

describe('dates', () => {
  it('formats date and time in Dutch', () => {
    expect(formatDateTime(new Date(2026, 2, 5, 14, 7))).toBe('5 mrt 2026 14:07');
    expect(formatDateTime(new Date(2025, 9, 31, 9, 5))).toBe('31 okt 2025 09:05');
  });
  it('formats a date with the full Dutch month name', () => {
    expect(formatDate(new Date(2026, 2, 5))).toBe('5 maart 2026');
    expect(formatDate('2026-05-01T10:00:00')).toBe('1 mei 2026');
  });
  it('shows nothing for a missing or unreadable date', () => {
    expect(formatDateTime(null)).toBe('');
    expect(formatDate('geen datum')).toBe('');
    expect(formatRecent('geen datum')).toBe('');
  });
  it("reads the server's dates without a zone as local time, and a zoned one as that instant", () => {
    expect(formatDateTime('2026-03-05 14:07:09')).toBe('5 mrt 2026 14:07');
    expect(formatDateTime('2026-03-05T14:07:09')).toBe('5 mrt 2026 14:07');
    expect(formatDateTime('2026-03-05')).toBe('5 mrt 2026 00:00');
    expect(formatDateTime('2026-12-31T23:59:59.999')).toBe('31 dec 2026 23:59');
    expect(formatDateTime('2026-03-05T14:07:09Z')).toBe(formatDateTime(new Date(Date.UTC(2026, 2, 5, 14, 7, 9))));
    expect(formatDate(1772719629000)).toBe(formatDate(new Date(1772719629000)));
  });
  it('shows only the time for today, the whole date for another day', () => {
    const now = new Date();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate(), 7, 42);
    expect(formatRecent(today)).toBe('07:42');
    expect(formatRecent(new Date(2025, 9, 31, 9, 5))).toBe('31 okt 2025 09:05');
  });
  it('writes a calendar day as the date field and the server take it', () => {
    expect(isoDay(new Date(2027, 8, 6, 23, 30))).toBe('2027-09-06');
    expect(isoDay(new Date(2026, 0, 1))).toBe('2026-01-01');
  });
});

describe('plural', () => {
  it('uses the singular only for one', () => {
    expect(plural(1, 'leerling', 'leerlingen')).toBe('1 leerling');
    expect(plural(3, 'leerling', 'leerlingen')).toBe('3 leerlingen');
    expect(plural(0, 'leerling', 'leerlingen')).toBe('0 leerlingen');
    expect(students(1)).toBe('1 leerling');
    expect(classes(1)).toBe('1 klas');
    expect(classes(2)).toBe('2 klassen');
  });
});

describe('page title', () => {
  it('follows part 1 §1', () => {
    expect(pageTitle('Maatschappijwijzer')).toBe('Docentenomgeving - Maatschappijwijzer');
    expect(pageTitle('Maatschappijwijzer', 'Klassen')).toBe('Klassen | Docentenomgeving - Maatschappijwijzer');
  });
});

describe('login validation', () => {
  it('requires an e-mail address and checks its form and length', () => {
    expect(validateEmail('')).toBe('Vul je e-mailadres in.');
    expect(validateEmail('docent')).toBe('Vul een geldig e-mailadres in.');
    expect(validateEmail('docent@demoschool.nl')).toBeNull();
    expect(isValidEmail(`${'a'.repeat(64)}@school.nl`)).toBe(true);
    expect(isValidEmail(`${'a'.repeat(65)}@school.nl`)).toBe(false);
    const domain = Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.');
    expect(isValidEmail(`a@${domain}.nl`)).toBe(false); // 309 characters: over the 254 limit
    expect(isValidEmail(`a@${domain.slice(0, 240)}.nl`)).toBe(true);
  });
  it('requires a password of at least 6 characters', () => {
    expect(validatePassword('')).toBe('Vul je wachtwoord in.');
    expect(validatePassword('abc')).toBe('Je wachtwoord heeft minstens 6 tekens.');
    expect(validatePassword('Welkom123')).toBeNull();
  });
  it('strips spaces and encodes the password as UTF-8 base64', () => {
    expect(stripSpaces(' doc ent@school.nl ')).toBe('docent@school.nl');
    expect(encodePassword('Welkom123')).toBe(btoa('Welkom123'));
    expect(new TextDecoder().decode(Uint8Array.from(atob(encodePassword('wachtwoord€ë')), (c) => c.charCodeAt(0)))).toBe('wachtwoord€ë');
  });
});

describe('organisations', () => {
  const list = [
    { id: 1, name: 'Het Baken', location: 'Noord', city: 'Almere', active: 1 as const },
    { id: 2, name: 'De Oude School', location: '', city: 'Utrecht', active: 0 as const },
  ];
  it('labels and filters', () => {
    expect(organisationLabel(list[0]!)).toBe('Het Baken (Noord) Almere');
    expect(filterOrganisations(list, '').map((o) => o.id)).toEqual([1, 2]);
    expect(filterOrganisations(list, 'ALMERE').map((o) => o.id)).toEqual([1]);
    expect(filterOrganisations(list, 'utrecht').map((o) => o.id)).toEqual([2]);
  });
});

describe('return path', () => {
  it('only allows paths on this site', () => {
    expect(safeReturnPath('/classrooms')).toBe('/classrooms');
    expect(safeReturnPath('//evil.example')).toBe('/index');
    expect(safeReturnPath('https://evil.example')).toBe('/index');
    expect(safeReturnPath(null)).toBe('/index');
    expect(safeReturnPath('/login')).toBe('/index');
  });
  it('checks the path again after normalising it, as the server does', () => {
    for (const next of ['/.//evil.example', '/x/..//evil.example/a', '/./\\evil.example', '/\t/evil.example', '/./login'])
      expect(safeReturnPath(next)).toBe('/index');
    expect(safeReturnPath('/classrooms/./5?x=1#y')).toBe('/classrooms/5?x=1#y');
  });
});

describe('throttle', () => {
  it('runs the first call at once, a burst once more at its end, then at once again after a quiet spell', async () => {
    vi.useFakeTimers();
    try {
      let runs = 0;
      const run = throttle(() => void (runs += 1), 300);
      run();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toBe(1);
      for (let i = 0; i < 10; i++) {
        run();
        await vi.advanceTimersByTimeAsync(20);
      }
      expect(runs).toBe(1);
      await vi.advanceTimersByTimeAsync(300);
      expect(runs).toBe(2);
      await vi.advanceTimersByTimeAsync(1000);
      run();
      await vi.advanceTimersByTimeAsync(0);
      expect(runs).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('never starts a run while the previous one is still busy', async () => {
    vi.useFakeTimers();
    try {
      let active = 0;
      let runs = 0;
      let overlap = false;
      const run = throttle(async () => {
        runs += 1;
        active += 1;
        if (active > 1) overlap = true;
        await new Promise((r) => setTimeout(r, 500));
        active -= 1;
      }, 100);
      run();
      await vi.advanceTimersByTimeAsync(150);
      run();
      await vi.advanceTimersByTimeAsync(2000);
      expect(overlap).toBe(false);
      // The call made during the first run was not lost: it ran after it.
      expect(runs).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });
});

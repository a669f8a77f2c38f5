/** Issue 31.2: when an inactive student or a leaver is deleted (docs/privacy.md, 'Bewaartermijnen'). */

// Part 1 §2 'Inactieve leerlingen': not active for half a year (server/areas/classrooms/handlers.ts).
const IDLE_MONTHS = 6;

export function monthsBefore(now: Date, months: number): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - months);
  return d;
}

/**
 * The day she is deleted: her last activity plus the retention months. Null while she takes part
 * (active in the school and active within half a year): her date moves with every sign-in then.
 */
export function deleteOnOf(lastActivity: Date, activeInSchool: boolean, months: number, now: Date): Date | null {
  if (activeInSchool && lastActivity >= monthsBefore(now, IDLE_MONTHS)) return null;
  const d = new Date(lastActivity);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d;
}

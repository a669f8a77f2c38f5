/**
 * What the shell knows about the current school (useShellData), kept here so the part that loads
 * after the first paint (portal-data.tsx fills it) and the parts that read it (banners, tab bar,
 * header tools) share one read instead of each starting their own.
 *
 * The last known values are kept per teacher and school in localStorage and shown from the first
 * paint: otherwise the licence banner and the tabs appear a second later and push the page down
 * under the teacher's finger. portal-data.tsx corrects them as soon as its reads answer.
 */
import { proxy } from 'valtio';
import { currentScope } from '../data/session';
import { SHELL_DATA_KEY } from '../constants';

export interface ShellData {
  /** The school's name from organisations/info; undefined until it is known. */
  organisationName: string | undefined;
  /** Organisation active flag; undefined while unknown. */
  active: boolean | undefined;
  overuse: boolean;
}

const unknown: ShellData = { organisationName: undefined, active: undefined, overuse: false };

export const shellData = proxy<ShellData>({ ...unknown });

/** After the session is known: the values this teacher last saw at this school, if any. */
export function restoreShellData(): void {
  try {
    const saved = JSON.parse(localStorage.getItem(SHELL_DATA_KEY) ?? 'null') as { scope: string; data: ShellData } | null;
    if (saved?.scope === currentScope() && shellData.active === undefined) Object.assign(shellData, saved.data);
  } catch {
    // A damaged copy is replaced by the next read.
  }
}

export function setShellData(next: ShellData): void {
  Object.assign(shellData, next);
  localStorage.setItem(SHELL_DATA_KEY, JSON.stringify({ scope: currentScope(), data: next }));
}

export function clearShellData(): void {
  Object.assign(shellData, unknown);
  localStorage.removeItem(SHELL_DATA_KEY);
}

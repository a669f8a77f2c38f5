/**
 * What the shell knows about the current school (useShellData), kept here so the part that loads
 * after the first paint (portal-data.tsx fills it) and the parts that read it (banners, tab bar,
 * header tools) share one read instead of each starting their own.
 */
import { proxy } from 'valtio';

export interface ShellData {
  /** The school's name from organisations/info; undefined until it is known. */
  organisationName: string | undefined;
  /** Organisation active flag; undefined while unknown. */
  active: boolean | undefined;
  overuse: boolean;
}

const unknown: ShellData = { organisationName: undefined, active: undefined, overuse: false };

export const shellData = proxy<ShellData>({ ...unknown });

export function setShellData(next: ShellData): void {
  Object.assign(shellData, next);
}

export function clearShellData(): void {
  Object.assign(shellData, unknown);
}

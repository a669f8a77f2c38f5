/** The configuration the page reads (part 1 §7): the defaults with this installation's overrides. */
import { defaultConfig } from '../src/api/session/default-config';
import type { Config } from '../src/api/session/types';
import type { AppContext } from './context';

export function publicConfig(extra: Record<string, unknown>, demo: boolean): Config {
  return { ...defaultConfig, ...extra, demo } as Config;
}

/** A study level's key from its key or its label; part 1 §7: spaces may arrive as plus signs. */
export function studyLevelKey(levels: Record<string, string>, raw: string): string | null {
  const level = raw.replace(/\+/g, ' ').trim();
  if (level in levels) return level;
  return Object.entries(levels).find(([, label]) => label.toLowerCase() === level.toLowerCase())?.[0] ?? null;
}

/** Study level keys and labels come from the configuration (part 2 §9). */
export const studyLevelLabels = (app: AppContext): Record<string, string> => publicConfig(app.config.publicConfig, false).study_levels;

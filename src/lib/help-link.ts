/** The help centre among the configured 'handige links' (part 1 §3), by title, else the first link. */
export interface UsefulLink {
  title: string;
  url: string;
}

export function helpCentre(links: readonly UsefulLink[] | undefined): UsefulLink | null {
  const list = links ?? [];
  return list.find((l) => /help/i.test(l.title)) ?? list[0] ?? null;
}

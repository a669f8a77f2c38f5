/** Keeps document.title in line with part 1 §1 for whatever page is shown. */
import { useEffect, useState, type ReactNode } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../data/session';
import { pageTitle } from '../lib/page-title';
import { PageTitleContext } from '../ui/page-title';

export function PageTitleProvider({ children }: { children: ReactNode }) {
  const { config } = useSnapshot(session);
  const [title, setTitle] = useState<string | null>(null);
  useEffect(() => {
    document.title = pageTitle(config.system_name, title, config.page_title);
  }, [config.system_name, config.page_title, title]);
  return <PageTitleContext.Provider value={setTitle}>{children}</PageTitleContext.Provider>;
}

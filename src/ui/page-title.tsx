/**
 * Pages name themselves with usePageTitle('Klassen'); the app's provider turns that into the
 * document title of part 1 §1 (it knows the system name, pages do not need to).
 */
import { createContext, useContext, useEffect } from 'react';

export type SetPageTitle = (title: string | null) => void;

export const PageTitleContext = createContext<SetPageTitle>(() => undefined);

export function usePageTitle(title: string | null): void {
  const setTitle = useContext(PageTitleContext);
  useEffect(() => {
    setTitle(title);
    return () => setTitle(null);
  }, [setTitle, title]);
}

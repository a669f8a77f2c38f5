/** The main tab bar (part 1 §2), as links; the last four tabs need an active organisation. */
import { Container } from '@mantine/core';
import { Link } from 'wouter';
import { deferred } from '../ui/deferred';
import classes from './shell.module.css';

// After the first paint: it reads the ideas list, which brings Dexie.
const WishlistUnread = deferred(async () => (await import('./wishlist-unread')).WishlistUnread);

export interface TabDef {
  href: string;
  label: string;
  /** A count shown after the label. */
  badge?: 'wishlist-unread';
}

export function visibleTabs(active: boolean, portfolioEnabled: boolean): TabDef[] {
  const tabs: TabDef[] = [
    { href: '/index', label: 'Dashboard' },
    { href: '/classrooms', label: 'Klassen & leerlingen' },
    { href: '/teachers', label: 'Docenten' },
  ];
  if (!active) return tabs;
  tabs.push({ href: '/documents', label: 'Lesmateriaal delen' }, { href: '/books', label: 'Modules printen' }, { href: '/examinations', label: 'Toetsen' });
  if (portfolioEnabled) tabs.push({ href: '/portfolios', label: "Portfolio's" });
  tabs.push({ href: '/wishlist', label: 'Verlanglijstje', badge: 'wishlist-unread' });
  return tabs;
}

export function isCurrentTab(href: string, path: string): boolean {
  return path === href || path.startsWith(`${href}/`);
}

export function TabBar({ active, portfolioEnabled, path }: { active: boolean; portfolioEnabled: boolean; path: string }) {
  return (
    <nav aria-label="Hoofdmenu" className={classes.tabs}>
      <Container size="xl">
        <ul className={classes.tabList}>
          {visibleTabs(active, portfolioEnabled).map((tab) => {
            const current = isCurrentTab(tab.href, path);
            return (
              <li key={tab.href}>
                <Link href={tab.href} className={classes.tab} aria-current={current ? 'page' : undefined}>
                  {tab.label}
                  {tab.badge === 'wishlist-unread' && <WishlistUnread />}
                </Link>
              </li>
            );
          })}
        </ul>
      </Container>
    </nav>
  );
}

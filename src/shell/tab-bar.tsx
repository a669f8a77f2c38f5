/**
 * The main tab bar (part 1 §2), as links; the last four tabs need an active organisation. Below 40em
 * (a phone, or a tablet zoomed to 200 %) the row of tabs gives way to a 'Menu' button in the header
 * band that opens the same links as a list (PhoneMenu); CSS decides which of the two shows.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { Container } from '@mantine/core';
import { IconMenu2, IconX } from '@tabler/icons-react';
import { Link } from 'wouter';
import { deferred } from '../ui/deferred';
import classes from './shell.module.css';

// After the first paint: it reads the ideas list, which brings Dexie.
const WishlistUnread = deferred(async () => (await import('./wishlist-unread')).WishlistUnread);

interface TabDef {
  href: string;
  label: string;
  /** A count shown after the label. */
  badge?: 'wishlist-unread';
}

function visibleTabs(active: boolean, portfolioEnabled: boolean): TabDef[] {
  const tabs: TabDef[] = [
    { href: '/index', label: 'Dashboard' },
    { href: '/classrooms', label: 'Klassen & leerlingen' },
    { href: '/teachers', label: 'Docenten' },
  ];
  if (!active) return tabs;
  tabs.push(
    { href: '/documents', label: 'Lesmateriaal delen' },
    { href: '/books', label: 'Modules printen' },
    { href: '/examinations', label: 'Toetsen' },
  );
  if (portfolioEnabled) tabs.push({ href: '/portfolios', label: "Portfolio's" });
  tabs.push({ href: '/wishlist', label: 'Verlanglijstje', badge: 'wishlist-unread' });
  return tabs;
}

function isCurrentTab(href: string, path: string): boolean {
  return path === href || path.startsWith(`${href}/`);
}

interface TabProps {
  active: boolean;
  portfolioEnabled: boolean;
  path: string;
}

function TabLinks({ active, portfolioEnabled, path, className, onChoose }: TabProps & { className: string; onChoose?: () => void }) {
  return (
    <ul className={className}>
      {visibleTabs(active, portfolioEnabled).map((tab) => {
        const current = isCurrentTab(tab.href, path);
        return (
          <li key={tab.href}>
            <Link href={tab.href} className={classes.tab} aria-current={current ? 'page' : undefined} onClick={onChoose}>
              {tab.label}
              {tab.badge === 'wishlist-unread' && <WishlistUnread />}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

export function TabBar(props: TabProps) {
  return (
    <nav aria-label="Hoofdmenu" className={classes.tabs}>
      <Container size="xl">
        <TabLinks {...props} className={classes.tabList ?? ''} />
      </Container>
    </nav>
  );
}

/**
 * The phone's menu: a disclosure button in the band, and under the band the tabs as a list plus what
 * the preheader says (which has no room of its own on a phone). Not a fixed or sticky layer: at 200 %
 * or 400 % zoom it scrolls away with the page instead of covering it.
 */
export function PhoneMenu({ extra, ...props }: TabProps & { extra?: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  // Another page (a link in the page, the back button) closes it as well.
  const [openedOn, setOpenedOn] = useState(props.path);
  if (openedOn !== props.path) {
    setOpenedOn(props.path);
    setOpen(false);
  }
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
  const Icon = open ? IconX : IconMenu2;
  return (
    <div className={classes.phoneMenu}>
      <button type="button" className={classes.menuButton} aria-expanded={open} aria-controls={id} onClick={() => setOpen(!open)}>
        <Icon size={24} aria-hidden="true" />
        <span className={classes.menuLabel}>Menu</span>
      </button>
      {/* Its content only while open: the page then holds one 'Hoofdmenu' with the tabs (the band's own
          strip and tab row, hidden on a phone, keep their test ids unique). */}
      <div id={id} className={classes.menuPanel} hidden={!open}>
        {open && (
          <>
            <nav aria-label="Hoofdmenu">
              <TabLinks {...props} className={classes.menuList ?? ''} onChoose={() => setOpen(false)} />
            </nav>
            {extra}
          </>
        )}
      </div>
    </div>
  );
}

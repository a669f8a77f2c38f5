/**
 * The application shell of part 1 §2: preheader, header (logo, school selector, avatar menu), band,
 * licence banners, tab bar, main content, footer and back-to-top. Signed out, only the preheader,
 * logo, band and footer show.
 */
import { useState, type ReactNode } from 'react';
import { Box, Container, Group } from '@mantine/core';
import { useSnapshot } from 'valtio';
import { useLocation } from 'wouter';
import { outcomeOf, signOut } from '../data/auth';
import { session } from '../data/session';
import { closedScreens, withoutClosed } from '../lib/closed-links';
import { deferred, onFirstScroll } from '../ui/deferred';
import { pickAvatar } from './avatar';
import { Banners } from './banners';
import { OfflineNotice } from './offline-notice';
import { Preheader } from './preheader';
import { SessionExpiredNotice } from './session-expired-notice';
import classes from './shell.module.css';
import { shellData } from './shell-data';
import { SiteFooter } from './site-footer';
import { PhoneMenu, TabBar } from './tab-bar';

// After the first paint: what these bring (reads and Dexie, the outbox, floating-ui, workbox-window)
// is not needed to paint the sign-in page or the frame around a page.
const PortalData = deferred(async () => (await import('./portal-data')).PortalData);
const HeaderTools = deferred(async () => (await import('./header-tools')).HeaderTools);
const UpdatePrompt = deferred(async () => (await import('./update-prompt')).UpdatePrompt);
// Only once the page scrolls: most pages of a tablet fit on its screen and never need it.
const BackToTop = deferred(async () => (await import('./back-to-top')).BackToTop, onFirstScroll);
// Only when 'Uitloggen' finds changes waiting: it loads at once then.
const SignOutConfirm = deferred(
  async () => (await import('./sign-out-confirm')).SignOutConfirm,
  (run) => (run(), () => undefined),
);

/** The signed-in teacher's own changes still waiting (a colleague's held ones are not hers to send). */
const ownWaiting = async (userId: number) => (await (await import('../data/local-store')).getOutboxCounts(userId)).waiting;

/**
 * `ready`: the session is known. Until then the page and the footer take no space (the overlay covers
 * the screen anyway), so the signed-in tabs and licence banner appearing above them do not push them
 * down: on a narrow tablet that was a layout shift of most of the screen. The shell itself still
 * mounts at once, so its deferred parts load while the session is read, not after it.
 */
export function AppShell({ children, ready = true }: { children: ReactNode; ready?: boolean }) {
  const { config, user, expired } = useSnapshot(session);
  const { organisationName: schoolName, active, overuse } = useSnapshot(shellData);
  const [path, navigate] = useLocation();
  const portal = outcomeOf(user) === 'portal';
  const signedIn = Boolean(user) && portal;
  const isAdmin = signedIn && user?.role === 'ADMIN';
  const [avatar] = useState(() => pickAvatar());
  const organisationName = schoolName ?? user?.organisationName ?? '';
  const closed = closedScreens(active, config.portfolio_enabled);

  const [asking, setAsking] = useState<number | null>(null);

  /** `ask`: with changes waiting, ask first; not when the session was refused (she signs in again). */
  const logout = async (ask = true) => {
    if (ask && user && !expired) {
      const waiting = await ownWaiting(user.id).catch(() => 0);
      if (waiting > 0) return setAsking(waiting);
    }
    setAsking(null);
    await signOut();
    navigate('/login');
  };

  return (
    <div className={classes.shell}>
      <a href="#inhoud" className={classes.skipLink}>
        Naar de inhoud
      </a>
      <header>
        <Preheader
          left={signedIn ? withoutClosed(config.preheader.teacher_left, closed) : config.preheader.logout_left}
          right={signedIn ? withoutClosed(config.preheader.teacher_right, closed) : config.preheader.logout_right}
          inMenu={signedIn}
        />
        {/* Logo, band and the signed-in tools in one row: on a tablet every row above the page costs. */}
        <Box className={classes.band}>
          <Container size="xl" className={classes.bandRow}>
            <div className={classes.brand}>
              <a href={config.front_url} className={classes.logoLink}>
                <img src="/logo.svg" alt={`${config.system_name}, naar de website`} width={40} height={40} />
              </a>
              <div className={classes.brandText}>
                <span aria-hidden="true" className={classes.systemName}>
                  {config.system_name}
                </span>
                {/* A styled paragraph, not a heading: each page has exactly one h1 of its own. */}
                <p className={classes.bandTitle}>Docentenomgeving</p>
              </div>
            </div>
            <Group gap="sm" wrap="nowrap" className={classes.tools}>
              {signedIn && user && (
                <HeaderTools
                  user={user}
                  isAdmin={isAdmin}
                  organisationName={organisationName}
                  avatar={avatar}
                  profileUrl={config.profile_url}
                  onLogout={() => void logout()}
                />
              )}
              {signedIn && (
                <PhoneMenu
                  active={active === true}
                  portfolioEnabled={config.portfolio_enabled}
                  path={path}
                  extra={
                    <Preheader
                      left={withoutClosed(config.preheader.teacher_left, closed)}
                      right={withoutClosed(config.preheader.teacher_right, closed)}
                    />
                  }
                />
              )}
            </Group>
          </Container>
        </Box>
      </header>
      {signedIn && user && <PortalData user={user} />}
      <OfflineNotice />
      {/* The worker registers once a user is known (app/bootstrap.ts); before that there is no update to
          offer, and its module would bring Dexie and workbox-window to the sign-in page. */}
      {user && <UpdatePrompt />}
      {signedIn && <SessionExpiredNotice expired={expired} onSignIn={() => void logout(false)} />}
      {signedIn && user && asking !== null && (
        <SignOutConfirm userId={user.id} waiting={asking} onSignOut={() => void logout(false)} onCancel={() => setAsking(null)} />
      )}
      {/* Outside <header>: its links sit in running text, and every header link must be a 44 px target. */}
      {signedIn && <Banners active={active} overuse={overuse} orderUrl={config.sales_order_url} />}
      {signedIn && <TabBar active={active === true} portfolioEnabled={config.portfolio_enabled} path={path} />}
      <main id="inhoud" tabIndex={-1} className={classes.main} style={ready ? undefined : { display: 'none' }}>
        <Container size="xl">{children}</Container>
        <BackToTop />
      </main>
      {ready && <SiteFooter systemName={config.system_name} frontUrl={config.front_url} />}
    </div>
  );
}

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
import { AvatarMenu } from './avatar-menu';
import { pickAvatar } from './avatar';
import { BackToTop } from './back-to-top';
import { Banners } from './banners';
import { OrganisationSelector } from './organisation-selector';
import { Preheader } from './preheader';
import classes from './shell.module.css';
import { SiteFooter } from './site-footer';
import { DeviceMenuItems } from './device-menu-items';
import { OfflineNotice, SyncStatus } from './sync-status';
import { SessionExpiredNotice, UpdatePrompt } from './update-prompt';
import { TabBar } from './tab-bar';
import { useOrganisations, useOrganisationSwitch, useShellData } from './use-shell-data';

export function AppShell({ children }: { children: ReactNode }) {
  const { config, user, expired } = useSnapshot(session);
  const [path, navigate] = useLocation();
  const portal = outcomeOf(user) === 'portal';
  const signedIn = Boolean(user) && portal;
  const { organisation, active, overuse } = useShellData(user, portal);
  const isAdmin = signedIn && user?.role === 'ADMIN';
  const orgs = useOrganisations(isAdmin);
  const orgSwitch = useOrganisationSwitch();
  const [avatar] = useState(() => pickAvatar());
  const organisationName = organisation?.name ?? user?.organisationName ?? '';

  const logout = async () => {
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
          left={signedIn ? config.preheader.teacher_left : config.preheader.logout_left}
          right={signedIn ? config.preheader.teacher_right : config.preheader.logout_right}
        />
        <Box className={classes.topBar}>
          <Container size="xl">
            <Group justify="space-between" wrap="nowrap" py="xs" gap="sm">
              <a href={config.front_url} className={classes.logoLink}>
                <img src="/logo.svg" alt={`${config.system_name}, naar de website`} width={44} height={44} />
                <span aria-hidden="true">{config.system_name}</span>
              </a>
              <Group gap="sm" wrap="nowrap">
                {signedIn && <SyncStatus />}
                {isAdmin && (
                  <OrganisationSelector
                    currentName={organisationName}
                    currentId={user?.currentOrganisationId}
                    organisations={orgs.organisations}
                    loading={orgs.loading}
                    busy={orgSwitch.busy}
                    error={orgSwitch.error}
                    onChoose={(id) => void orgSwitch.choose(id)}
                    onOpen={orgs.load}
                  />
                )}
                {signedIn && user && (
                  <AvatarMenu
                    avatarSrc={avatar}
                    email={user.email}
                    organisationName={organisationName}
                    isStudent={user.role === 'STUDENT'}
                    profileUrl={config.profile_url}
                    onLogout={() => void logout()}
                    extra={<DeviceMenuItems />}
                  />
                )}
              </Group>
            </Group>
          </Container>
        </Box>
        <Box className={classes.band}>
          <Container size="xl" py="lg">
            {/* A styled paragraph, not a heading: each page has exactly one h1 of its own. */}
            <p className={classes.bandTitle}>Docentenomgeving</p>
          </Container>
        </Box>
      </header>
      <OfflineNotice />
      <UpdatePrompt />
      {signedIn && <SessionExpiredNotice expired={expired} onSignIn={() => void logout()} />}
      {/* Outside <header>: its links sit in running text, and every header link must be a 44 px target. */}
      {signedIn && <Banners active={active} overuse={overuse} salesUrl={config.sales_website} />}
      {signedIn && <TabBar active={active === true} portfolioEnabled={config.portfolio_enabled} path={path} />}
      <main id="inhoud" tabIndex={-1} className={classes.main}>
        <Container size="xl">{children}</Container>
        <BackToTop />
      </main>
      <SiteFooter systemName={config.system_name} frontUrl={config.front_url} />
    </div>
  );
}

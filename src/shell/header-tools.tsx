/**
 * The signed-in part of the header: sync status, school selector (ADMIN) and avatar menu. Loaded after
 * the first paint (it brings the outbox and the worker registration), and each of its menus and
 * popovers only on the first tap of its button (src/ui/on-first-tap.tsx): Menu, Popover, Modal,
 * ScrollArea and floating-ui, which a page load without a tap on them never needs (docs/performance.md).
 */
import type { CurrentUser } from '../api/session/types';
import { onFirstTap } from '../ui/on-first-tap';
import type { AvatarMenuProps } from './avatar-menu';
import { AvatarButton, OrganisationButton } from './header-buttons';
import { SyncStatus } from './sync-status';
import { useOrganisations, useOrganisationSwitch } from './use-shell-data';

const AccountMenu = onFirstTap(async () => {
  const [{ AvatarMenu }, { DeviceMenuItems }] = await Promise.all([import('./avatar-menu'), import('./device-menu-items')]);
  return function AccountMenu(props: AvatarMenuProps) {
    return <AvatarMenu {...props} extra={<DeviceMenuItems />} />;
  };
});
const SchoolSelector = onFirstTap(async () => (await import('./organisation-selector')).OrganisationSelector);

export interface HeaderToolsProps {
  user: Readonly<CurrentUser>;
  isAdmin: boolean;
  organisationName: string;
  avatar: string;
  profileUrl: string;
  onLogout: () => void;
}

export function HeaderTools({ user, isAdmin, organisationName, avatar, profileUrl, onLogout }: HeaderToolsProps) {
  const orgs = useOrganisations(isAdmin);
  const orgSwitch = useOrganisationSwitch();
  return (
    <>
      <SyncStatus />
      {isAdmin && (
        <SchoolSelector
          plain={({ onTap, onPreload }) => <OrganisationButton currentName={organisationName} onClick={onTap} onPointerDown={onPreload} />}
          props={{
            currentName: organisationName,
            currentId: user.currentOrganisationId,
            organisations: orgs.organisations,
            loading: orgs.loading,
            busy: orgSwitch.busy,
            error: orgSwitch.error,
            onChoose: (id) => void orgSwitch.choose(id),
            onOpen: orgs.load,
            countWaiting: async () => (await (await import('../data/local-store')).getOutboxCounts(user.id)).waiting,
          }}
        />
      )}
      <AccountMenu
        plain={({ onTap, onPreload }) => <AvatarButton avatarSrc={avatar} email={user.email} onClick={onTap} onPointerDown={onPreload} />}
        props={{ avatarSrc: avatar, email: user.email, organisationName, isStudent: user.role === 'STUDENT', profileUrl, onLogout }}
      />
    </>
  );
}

/**
 * The signed-in part of the header: sync status, school selector (ADMIN) and avatar menu. Loaded after
 * the first paint: its popovers and menus bring floating-ui, the outbox and the worker registration.
 */
import type { CurrentUser } from '../api/session/types';
import { AvatarMenu } from './avatar-menu';
import { DeviceMenuItems } from './device-menu-items';
import { OrganisationSelector } from './organisation-selector';
import { SyncStatus } from './sync-status';
import { useOrganisations, useOrganisationSwitch } from './use-shell-data';

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
        <OrganisationSelector
          currentName={organisationName}
          currentId={user.currentOrganisationId}
          organisations={orgs.organisations}
          loading={orgs.loading}
          busy={orgSwitch.busy}
          error={orgSwitch.error}
          onChoose={(id) => void orgSwitch.choose(id)}
          onOpen={orgs.load}
        />
      )}
      <AvatarMenu
        avatarSrc={avatar}
        email={user.email}
        organisationName={organisationName}
        isStudent={user.role === 'STUDENT'}
        profileUrl={profileUrl}
        onLogout={onLogout}
        extra={<DeviceMenuItems />}
      />
    </>
  );
}

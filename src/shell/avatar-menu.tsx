/**
 * The avatar menu (part 1 §2): e-mail and school, portal and profile links, sign-out; for teachers
 * also invitations of other schools, the school account (issue 33) and the own password (issue 29).
 */
import '../ui/mantine-styles-more';
import { Menu, Text } from '@mantine/core';
import { IconCertificate, IconExternalLink, IconHome, IconKey, IconLogout } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { ChangePasswordDialog } from './change-password-dialog';
import { AvatarButton } from './header-buttons';
import { SchoolAccountItems } from './school-account-items';
import { SchoolAccountLinkDialog } from './school-account-link-dialog';
import { SchoolInvitations } from './school-invitations';
import classes from './shell.module.css';

export interface AvatarMenuProps {
  avatarSrc: string;
  email: string;
  organisationName: string;
  isStudent: boolean;
  profileUrl: string;
  onLogout: () => void;
  /** Items about this device (notifications, storage), rendered above 'Uitloggen'. */
  extra?: ReactNode;
}

export function AvatarMenu({ avatarSrc, email, organisationName, isStudent, profileUrl, onLogout, extra }: AvatarMenuProps) {
  const [changingPassword, setChangingPassword] = useState(false);
  const [linking, setLinking] = useState<{ id: string; name: string } | null>(null);
  return (
    <>
      <Menu position="bottom-end" closeOnClickOutside width={280}>
        <Menu.Target>
          <AvatarButton avatarSrc={avatarSrc} email={email} />
        </Menu.Target>
        <Menu.Dropdown>
          <div className={classes.avatarInfo}>
            <Text fw={700} className={classes.breakAll}>
              {email}
            </Text>
            <Text size="sm" c="dimmed">
              {organisationName}
            </Text>
          </div>
          <Menu.Divider />
          {!isStudent && <SchoolInvitations />}
          {!isStudent && (
            <Menu.Item component={Link} href="/index" leftSection={<IconHome size={18} aria-hidden="true" />}>
              Docentenomgeving
            </Menu.Item>
          )}
          {!isStudent && (
            <Menu.Item component={Link} href="/licenses" leftSection={<IconCertificate size={18} aria-hidden="true" />}>
              Licenties
            </Menu.Item>
          )}
          <Menu.Item component="a" href={profileUrl} leftSection={<IconExternalLink size={18} aria-hidden="true" />}>
            Profielpagina
          </Menu.Item>
          {!isStudent && (
            <Menu.Item onClick={() => setChangingPassword(true)} leftSection={<IconKey size={18} aria-hidden="true" />}>
              Wachtwoord wijzigen
            </Menu.Item>
          )}
          {!isStudent && <SchoolAccountItems onLink={setLinking} />}
          {extra}
          <Menu.Item onClick={onLogout} leftSection={<IconLogout size={18} aria-hidden="true" />}>
            Uitloggen
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {!isStudent && <ChangePasswordDialog opened={changingPassword} onClose={() => setChangingPassword(false)} />}
      {!isStudent && <SchoolAccountLinkDialog provider={linking} onClose={() => setLinking(null)} />}
    </>
  );
}

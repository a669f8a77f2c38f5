/**
 * Avatar-menu items to link or unlink the school account (issue 33), one per provider of
 * OIDC_PROVIDERS; nothing when none is configured. Whether one is linked is asked when the menu opens.
 */
import '../ui/mantine-styles-more';
import { useEffect, useState } from 'react';
import { Menu, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLink, IconUnlink } from '@tabler/icons-react';
import { useSnapshot } from 'valtio';
import { session } from '../data/session';
import { schoolAccountError, schoolAccountLinks, unlinkSchoolAccount } from '../data/school-account';

/**
 * `onLink` opens the password dialog, which lives outside the menu: the menu's dropdown, and all in
 * it, goes when an item is chosen.
 */
export function SchoolAccountItems({ onLink }: { onLink: (provider: { id: string; name: string }) => void }) {
  const { config } = useSnapshot(session);
  const providers = config.school_accounts;
  const [linked, setLinked] = useState<Record<string, boolean> | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!providers.length) return;
    let live = true;
    schoolAccountLinks().then(
      (links) => live && setLinked(Object.fromEntries(links.map((l) => [l.provider, l.linked]))),
      () => live && setError('Je schoolaccount koppelen kan alleen met een internetverbinding.'),
    );
    return () => {
      live = false;
    };
  }, [providers.length]);

  if (!providers.length) return null;
  if (error) {
    return (
      <Text size="sm" px="sm" py={6}>
        {error}
      </Text>
    );
  }
  if (!linked) return null;

  const unlink = async (id: string) => {
    try {
      const message = await unlinkSchoolAccount(id);
      setLinked((l) => ({ ...l, [id]: false }));
      notifications.show({ closeButtonProps: { 'aria-label': 'Melding sluiten' }, color: 'green', message });
    } catch (err) {
      notifications.show({ closeButtonProps: { 'aria-label': 'Melding sluiten' }, color: 'red', message: schoolAccountError(err) });
    }
  };
  const named = (text: string, name: string) => (providers.length > 1 ? `${text} (${name})` : text);

  return (
    <>
      {providers.map((p) =>
        linked[p.id] ? (
          <Menu.Item key={p.id} leftSection={<IconUnlink size={18} aria-hidden="true" />} onClick={() => void unlink(p.id)}>
            {named('Schoolaccount ontkoppelen', p.name)}
          </Menu.Item>
        ) : (
          <Menu.Item key={p.id} leftSection={<IconLink size={18} aria-hidden="true" />} onClick={() => onLink({ id: p.id, name: p.name })}>
            {named('Schoolaccount koppelen', p.name)}
          </Menu.Item>
        ),
      )}
    </>
  );
}

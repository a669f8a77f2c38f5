/**
 * ADMIN's school switcher (part 1 §2): a button with the current school and a dropdown with a search
 * box and a scrolling list of active schools. Presentational: the list comes in, the choice goes out.
 */
import '../ui/mantine-styles-more';
import { useState } from 'react';
import { Alert, Button, Group, Loader, Popover, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { Organisation } from '../api/session/types';
import { filterOrganisations, organisationLabel } from '../lib/organisations';
import { OrganisationButton } from './header-buttons';
import classes from './shell.module.css';

export interface OrganisationSelectorProps {
  currentName: string;
  currentId?: number;
  organisations: readonly Organisation[] | undefined;
  loading?: boolean;
  busy?: boolean;
  error?: string | null;
  onChoose: (id: number) => void;
  onOpen?: () => void;
  /** How many of her changes still wait: a switch with changes waiting warns first (issue 36). */
  countWaiting?: () => Promise<number>;
}

/** Her waiting changes stay bound to the school they were made in; the switch does not move them. */
export function switchWarning(n: number, school: string): string {
  const waits = n === 1 ? 'Er wacht nog 1 wijziging' : `Er wachten nog ${n} wijzigingen`;
  return `${waits} voor ${school}. ${n === 1 ? 'Die wordt' : 'Ze worden'} voor ${school} verzonden, ook als je nu van school wisselt.`;
}

export function OrganisationSelector({
  currentName,
  currentId,
  organisations,
  loading,
  busy,
  error,
  onChoose,
  onOpen,
  countWaiting,
}: OrganisationSelectorProps) {
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
  const [confirming, setConfirming] = useState<{ id: number; waiting: number } | null>(null);
  const choose = async (id: number) => {
    if (id === currentId) return onChoose(id);
    const waiting = countWaiting ? await countWaiting().catch(() => 0) : 0;
    if (waiting > 0) setConfirming({ id, waiting });
    else onChoose(id);
  };
  const shown = filterOrganisations(organisations, query);

  const toggle = () => {
    if (!opened) onOpen?.();
    setOpened((o) => !o);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-start" trapFocus returnFocus shadow="md" withinPortal>
      <Popover.Target>
        <OrganisationButton currentName={currentName} onClick={toggle} />
      </Popover.Target>
      <Popover.Dropdown className={classes.orgDropdown} aria-label="School kiezen">
        <TextInput
          label="Zoek een school"
          placeholder="Naam, locatie of plaats"
          value={query}
          onChange={(e) => setQuery(e.currentTarget.value)}
          leftSection={<IconSearch size={18} aria-hidden="true" />}
          data-autofocus
          mb="sm"
        />
        {error && (
          <Alert color="red" variant="light" mb="sm" role="alert">
            {error}
          </Alert>
        )}
        {confirming && (
          <Alert color="yellow" variant="light" mb="sm" role="alertdialog" aria-label="Wisselen met wijzigingen die wachten">
            <Text size="sm" mb="xs">
              {switchWarning(confirming.waiting, currentName)}
            </Text>
            <Group gap="xs">
              <Button size="sm" onClick={() => onChoose(confirming.id)} loading={busy}>
                Toch wisselen
              </Button>
              <Button size="sm" variant="default" onClick={() => setConfirming(null)}>
                Annuleren
              </Button>
            </Group>
          </Alert>
        )}
        {loading && !organisations ? (
          <Loader size="sm" role="status" aria-label="Scholen laden" />
        ) : (
          <ScrollArea.Autosize mah="18.75rem" type="auto">
            <ul className={classes.orgList} aria-label="Scholen">
              {shown.map((o) => (
                <li key={o.id}>
                  <UnstyledButton
                    className={classes.orgItem}
                    onClick={() => void choose(o.id)}
                    disabled={busy}
                    aria-current={o.id === currentId ? 'true' : undefined}
                  >
                    {organisationLabel(o)}
                    {o.active !== 1 && <span className={classes.orgHint}> · geen licenties</span>}
                  </UnstyledButton>
                </li>
              ))}
            </ul>
            {shown.length === 0 && <Text c="dimmed">Geen scholen gevonden.</Text>}
          </ScrollArea.Autosize>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}

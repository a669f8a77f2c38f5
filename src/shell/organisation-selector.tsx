/**
 * ADMIN's school switcher (part 1 §2): a button with the current school and a dropdown with a search
 * box and a scrolling list of active schools. Presentational: the list comes in, the choice goes out.
 */
import '../ui/mantine-styles-more';
import { useState } from 'react';
import { Alert, Loader, Popover, ScrollArea, Text, TextInput, UnstyledButton } from '@mantine/core';
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
}

export function OrganisationSelector({ currentName, currentId, organisations, loading, busy, error, onChoose, onOpen }: OrganisationSelectorProps) {
  const [opened, setOpened] = useState(false);
  const [query, setQuery] = useState('');
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
        {loading && !organisations ? (
          <Loader size="sm" role="status" aria-label="Scholen laden" />
        ) : (
          <ScrollArea.Autosize mah="18.75rem" type="auto">
            <ul className={classes.orgList} aria-label="Scholen">
              {shown.map((o) => (
                <li key={o.id}>
                  <UnstyledButton className={classes.orgItem} onClick={() => onChoose(o.id)} disabled={busy} aria-current={o.id === currentId ? 'true' : undefined}>
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

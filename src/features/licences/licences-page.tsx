/** /licenses (part 2 §2 "Licences"): licence use per module, and the keep-my-account-over-summer box. */
import { Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { api } from '../../api/catalogue';
import { useRead } from '../../data/use-read';
import { BackToDashboard } from '../../ui/back-to-dashboard';
import { DataTable } from '../../ui/data-table';
import { ListState } from '../../ui/list-state';
import { usePageTitle } from '../../ui/page-title';
import { StaleNotice } from '../../ui/stale-notice';
import { Table } from '../../ui/table';
import { ExtendBox } from './extend-box';
import { LicencesChart } from './licences-chart';

const COLUMNS = [
  { key: 'section', label: 'Vak' },
  { key: 'chapter', label: 'Module' },
  { key: 'count', label: 'Licenties' },
  { key: 'used', label: 'Uitgegeven' },
];

export const OVERUSE_TEXT = 'Meer licenties uitgegeven dan gekocht';

export function LicencesPage() {
  usePageTitle('Licenties');
  const licences = useRead(api.licences.list);
  const org = useRead(api.session.organisationInfo).data;
  const rows = licences.data ?? [];

  return (
    <Stack gap="lg">
      <BackToDashboard />
      <Title order={1}>
        Licenties
        {org && (
          <Text span inherit c="dimmed">
            {` ${org.name}${org.location ? ` (${org.location})` : ''}`}
          </Text>
        )}
      </Title>
      <Text maw={760}>
        Een licentie wordt uitgegeven zodra een leerling zich met de klascode aanmeldt voor een klas. Per module zie je hieronder hoeveel
        licenties jullie school heeft gekocht en hoeveel er zijn uitgegeven.
      </Text>

      <ExtendBox />

      <StaleNotice stale={licences.stale} updatedAt={licences.updatedAt} />
      <ListState
        loading={licences.loading && !licences.data}
        loadingLabel="Licenties laden"
        error={licences.error && !licences.data && licences.error.message}
        empty={rows.length === 0 && 'Jullie school heeft voor dit schooljaar nog geen licenties.'}
      >
        <DataTable label="Licenties per module" columns={COLUMNS} verticalSpacing="sm">
          {rows.map((l) => (
            <Table.Tr
              key={`${l.sectionName}/${l.chapterName}`}
              data-overuse={l.overuse || undefined}
              style={l.overuse ? { background: 'var(--mantine-color-red-0)' } : undefined}
            >
              <Table.Td>{l.sectionName}</Table.Td>
              <Table.Td>{l.chapterName}</Table.Td>
              <Table.Td>{l.licenseCount}</Table.Td>
              <Table.Td>
                <Group gap={6} wrap="nowrap">
                  <span>{l.usedLicenseCount}</span>
                  {l.overuse && (
                    <>
                      <IconAlertTriangle size={20} color="var(--mantine-color-red-9)" aria-hidden="true" />
                      <Text span size="sm" c="red.9" fw={600}>
                        {OVERUSE_TEXT}
                      </Text>
                    </>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </ListState>
      {rows.length > 0 && <LicencesChart licences={rows} />}
    </Stack>
  );
}

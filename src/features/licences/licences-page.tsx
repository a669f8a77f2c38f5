/** /licenses (part 2 §2 "Licences"): licence use per module, and the keep-my-account-over-summer box. */
import { Alert, Button, Center, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'wouter';
import { api } from '../../api/catalogue';
import { useRead } from '../../data/use-read';
import { usePageTitle } from '../../ui/page-title';
import { StaleNotice } from '../../ui/stale-notice';
import { ExtendBox } from './extend-box';

export const OVERUSE_TEXT = 'Meer licenties uitgegeven dan gekocht';

export function LicencesPage() {
  usePageTitle('Licenties');
  const licences = useRead(api.licences.list);
  const org = useRead(api.session.organisationInfo).data;
  const rows = licences.data ?? [];

  return (
    <Stack gap="lg">
      <Group>
        <Button component={Link} href="/index" variant="subtle" leftSection={<IconArrowLeft size={20} aria-hidden="true" />}>
          Terug naar het dashboard
        </Button>
      </Group>
      <Title order={1}>
        Licenties
        {org && (
          <Text span inherit c="dimmed">
            {` ${org.name}${org.location ? ` (${org.location})` : ''}`}
          </Text>
        )}
      </Title>
      <Text maw={760}>
        Een licentie wordt uitgegeven zodra een leerling zich met de klascode aanmeldt voor een klas. Per module zie je hieronder hoeveel licenties jullie school
        heeft gekocht en hoeveel er zijn uitgegeven.
      </Text>

      <ExtendBox />

      <StaleNotice stale={licences.stale} updatedAt={licences.updatedAt} />
      {licences.loading && !licences.data ? (
        <Center py="xl">
          <Loader role="status" aria-label="Licenties laden" />
        </Center>
      ) : licences.error && !licences.data ? (
        <Alert color="red" variant="light" role="alert">
          {licences.error.message}
        </Alert>
      ) : rows.length === 0 ? (
        <Text>Jullie school heeft voor dit schooljaar nog geen licenties.</Text>
      ) : (
        <div className="fit-table">
          <Table verticalSpacing="sm" striped aria-label="Licenties per module">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Vak</Table.Th>
                <Table.Th>Module</Table.Th>
                <Table.Th>Licenties</Table.Th>
                <Table.Th>Uitgegeven</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((l) => (
                <Table.Tr key={`${l.sectionName}/${l.chapterName}`} data-overuse={l.overuse || undefined} bg={l.overuse ? 'red.0' : undefined}>
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
            </Table.Tbody>
          </Table>
        </div>
      )}
    </Stack>
  );
}

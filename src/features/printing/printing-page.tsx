/** /books, the tab 'Modules printen' (part 2 §2 "Print modules"): a printable PDF of a module. */
import '../../ui/mantine-styles-more';
import { Alert, Button, Group, Loader, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconDownload, IconFileTypePdf, IconInfoCircle, IconWifiOff } from '@tabler/icons-react';
import { formatDateTime } from '../../lib/dates';
import { usePageTitle } from '../../ui/page-title';
import { StaleNotice } from '../../ui/stale-notice';
import { StatusAlert } from '../../ui/status-alert';
import { TouchSwitch } from '../../ui/touch-switch';
import { useOnline } from '../../ui/use-online';
import { NOTHING_TO_PRINT } from '../../api/printing/types';
import type { PrintChoices } from './print-options';
import { usePrintModule, type PdfOffer } from './use-print-module';

const switches: { name: keyof PrintChoices; label: string }[] = [
  { name: 'content', label: 'Lesstof aan' },
  { name: 'assignments', label: 'Opdrachten aan' },
  { name: 'answers', label: 'Antwoorden aan' },
];

export function PrintingPage() {
  usePageTitle('Modules printen');
  const p = usePrintModule();
  const online = useOnline();
  const sectionsReady = p.activeSections.length > 0;
  // Every switch off would make a PDF of bare lesson headings: say what to switch on instead (issue 28 item 20).
  const nothingOn = !switches.some((s) => p.choices[s.name]);

  return (
    <Stack gap="lg" maw={1100}>
      <Title order={1}>Modules printen</Title>
      <Text maw={760}>Kies een vak, een module en een niveau, en wat er in de printversie moet staan.</Text>
      <StaleNotice stale={p.sections.stale} updatedAt={p.sections.updatedAt} />

      <Paper withBorder p="md">
        <Stack gap="md">
          <Group align="flex-end" gap="md" wrap="wrap">
            <NativeSelect
              label="Vak"
              value={p.sectionId === null ? '' : String(p.sectionId)}
              disabled={!sectionsReady}
              onChange={(e) => p.chooseSection(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
              data={[
                { value: '', label: sectionsReady ? 'Kies een vak' : 'Vakken laden…' },
                ...p.activeSections.map((s) => ({ value: String(s.id), label: s.name })),
              ]}
              style={{ flex: '1 1 240px' }}
            />
            {p.sectionId !== null && (
              <NativeSelect
                label="Module"
                value={p.chapterId === null ? '' : String(p.chapterId)}
                disabled={p.chapters.length === 0}
                onChange={(e) => p.chooseChapter(e.currentTarget.value ? Number(e.currentTarget.value) : null)}
                data={[
                  { value: '', label: p.chapters.length ? 'Kies een module' : 'Geen modules' },
                  ...p.chapters.map((c) => ({ value: String(c.id), label: c.name })),
                ]}
                style={{ flex: '1 1 240px' }}
              />
            )}
            {p.chapterId !== null && (
              <NativeSelect
                label="Niveau"
                value={p.level ?? ''}
                disabled={p.levelOptions.length === 0}
                onChange={(e) => p.chooseLevel(e.currentTarget.value || null)}
                data={[
                  { value: '', label: p.levelOptions.length ? 'Kies een niveau' : p.levels.loading ? 'Niveaus laden…' : 'Geen niveaus' },
                  ...p.levelOptions.map((l) => ({ value: l.key, label: l.value })),
                ]}
                style={{ flex: '1 1 200px' }}
              />
            )}
          </Group>

          {p.level && (
            <>
              <Group gap="xl" wrap="wrap" role="group" aria-label="Wat komt er in de printversie?">
                {switches.map((s) => (
                  <TouchSwitch
                    key={s.name}
                    label={s.label}
                    checked={p.choices[s.name]}
                    onChange={(e) => p.setChoice(s.name, e.currentTarget.checked)}
                  />
                ))}
              </Group>
              {nothingOn && (
                <Text id="print-nothing-on" role="status" c="orange.9">
                  <IconAlertTriangle size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> {NOTHING_TO_PRINT}
                </Text>
              )}
              <Group>
                <Button
                  leftSection={<IconFileTypePdf size={20} aria-hidden="true" />}
                  onClick={() => void p.generate()}
                  loading={p.making}
                  disabled={nothingOn}
                  aria-describedby={nothingOn ? 'print-nothing-on' : undefined}
                >
                  Genereer PDF-versie om te printen
                </Button>
              </Group>
            </>
          )}
          <Text size="sm" c="dimmed">
            <IconInfoCircle size={16} aria-hidden="true" style={{ verticalAlign: 'text-bottom' }} /> Let op: de PDF-versie is altijd de
            meest recente versie van de module. Print hem opnieuw als je een nieuwe versie nodig hebt.
          </Text>
        </Stack>
      </Paper>

      {p.making && (
        <Group gap="sm" role="status">
          <Loader size="sm" aria-hidden="true" />
          <Text>PDF wordt gemaakt…</Text>
        </Group>
      )}
      {p.error && <StatusAlert tone="error">{p.error}</StatusAlert>}
      {!online && p.stored && !p.offer && !p.making && (
        <Alert color="yellow" variant="light" icon={<IconWifiOff aria-hidden="true" />} role="status">
          <Stack gap="xs" align="flex-start">
            <Text>Je bent offline. Van deze keuze is een eerder gemaakte PDF-versie bewaard ({formatDateTime(p.stored.storedAt)}).</Text>
            <PdfLink offer={p.stored} />
          </Stack>
        </Alert>
      )}

      {p.offer && (
        <Stack gap="xs" align="flex-start">
          {p.offer.fromCache && (
            <Text role="status">
              Je bent offline. Dit is de PDF-versie die op {formatDateTime(p.offer.storedAt)} is bewaard; er kan inmiddels een nieuwere
              zijn.
            </Text>
          )}
          <PdfLink offer={p.offer} />
        </Stack>
      )}
      {p.printUrl && (
        <iframe
          src={p.printUrl}
          title={`Printversie van ${p.chapter?.name ?? 'de module'} (${p.levelLabel})`}
          style={{ width: '100%', height: '75vh', border: '1px solid var(--mantine-color-gray-4)', borderRadius: 8, background: 'white' }}
        />
      )}
    </Stack>
  );
}

function PdfLink({ offer }: { offer: PdfOffer }) {
  return (
    <Button
      component="a"
      href={offer.url}
      download={offer.name}
      variant="filled"
      leftSection={<IconDownload size={20} aria-hidden="true" />}
    >
      Download PDF: {offer.name}
    </Button>
  );
}

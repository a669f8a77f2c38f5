/** /index (part 1 §2 "Dashboard"): the class feed with live check requests, the school and the class codes. */
import { Alert, Anchor, Button, Center, Group, Text } from '@mantine/core';
import { IconChartGridDots, IconInfoCircle, IconUsers, type TablerIcon } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'wouter';
import { helpCentre } from '../../lib/help-link';
import { NativeSelect } from '../../ui/native-select';
import { usePageTitle } from '../../ui/page-title';
import { Card, Stack, Title } from '../../ui/plain';
import { StaleNotice } from '../../ui/stale-notice';
import { ActivityTable } from './activity-table';
import { ClassCodes } from './class-codes';
import classes from './dashboard-page.module.css';
import { SchoolCard } from './school-card';
import { useCanOpen } from '../../ui/route-access';
import { useActivityAlerts } from './use-activity-alerts';
import { useActivityFeed } from './use-activity-feed';
import { useHandledActivities } from './use-handled-activities';
import { useDashboard } from './use-dashboard';
import { WelcomePanel } from './welcome-panel';

interface Option {
  value: string;
  label: string;
  disabled?: boolean;
}

/**
 * Native selects (a tablet's own picker, and no Combobox or floating-ui in the first load) show the
 * placeholder as a disabled first option while nothing known is chosen; disabled, it cannot be chosen
 * back. An unknown value (the classes still loading) shows the placeholder too: a native select would
 * otherwise show its first option as if it were chosen.
 */
function nativeChoice(options: Option[], value: string | null, placeholder: string): { data: Option[]; value: string } {
  if (value !== null && options.some((o) => o.value === value)) return { data: options, value };
  return { data: [{ value: '', label: placeholder, disabled: true }, ...options], value: '' };
}

/** A way from the feed to a page of the class it shows. */
function ClassPageButton({ href, icon: Icon, children }: { href: string; icon: TablerIcon; children: ReactNode }) {
  return (
    <Button component={Link} href={href} variant="default" leftSection={<Icon size={18} aria-hidden="true" />}>
      {children}
    </Button>
  );
}

export function DashboardPage() {
  usePageTitle('Dashboard');
  const feed = useActivityFeed();
  const dash = useDashboard(feed.restart);
  const canOpen = useCanOpen();
  useActivityAlerts(feed.rows);
  const { handled, setHandled } = useHandledActivities(dash.user?.id);
  const help = helpCentre(dash.config.handige_links);
  const noClasses = dash.school.data !== undefined && dash.ownClasses.length === 0 && dash.classId === null;
  const classChoice = nativeChoice(
    dash.classes.map((c) => ({ value: String(c.id), label: c.name })),
    dash.classId === null ? null : String(dash.classId),
    'Kies een klas',
  );
  const levelChoice = nativeChoice(
    Object.entries(dash.config.study_levels).map(([value, label]) => ({ value, label })),
    dash.level,
    'Kies een niveau',
  );

  // Once the feed has answered (or cannot) the side column shows, and stays: a class change empties
  // the feed, and the side column must not blink.
  const [feedSettled, setFeedSettled] = useState(false);
  if (!feedSettled && (noClasses || feed.answered || feed.stale || feed.error !== null)) setFeedSettled(true);

  return (
    <Stack gap="lg">
      <Title order={1}>Dashboard</Title>
      {help && (
        <Alert color="blue" variant="light" icon={<IconInfoCircle aria-hidden="true" />}>
          Vragen over de lesmethode of over deze omgeving? Kijk in het{' '}
          <Anchor href={help.url} target="_blank" rel="noopener noreferrer" inherit className="inline-target">
            {help.title.toLowerCase()}
          </Anchor>
          .
        </Alert>
      )}
      <StaleNotice stale={feed.stale} updatedAt={feed.updatedAt} />

      {/* Mantine's Grid by its classes (dashboard-page.module.css): 8 and 4 of 12 columns from md up. */}
      <div className={`m_410352e9 mantine-Grid-root ${classes.grid}`} data-feed-pending={feedSettled ? undefined : ''}>
        <div className="m_dee7bd2f mantine-Grid-inner">
          <div className={`m_96bdd299 mantine-Grid-col ${classes.wide}`}>
            {/* In the wide column: beside the school card, not above an empty two-thirds of the page. */}
            {noClasses ? (
              <WelcomePanel help={help} />
            ) : (
              <Stack gap="md" component="section" aria-labelledby="feed-title">
                <Title order={2} id="feed-title">
                  Activiteiten in de klas
                </Title>
                <Group align="flex-end" gap="sm">
                  <NativeSelect
                    label="Klas"
                    data={classChoice.data}
                    value={classChoice.value}
                    onChange={(e) => e.currentTarget.value && void dash.chooseClass(Number(e.currentTarget.value))}
                    style={{ flex: '1 1 200px', maxWidth: 320 }}
                  />
                  {dash.classId !== null && (
                    <ClassPageButton href={`/classrooms/students/${dash.classId}`} icon={IconUsers}>
                      Leerlingen van deze klas
                    </ClassPageButton>
                  )}
                  {dash.classId !== null && canOpen(`/classrooms/progress/${dash.classId}`) && (
                    <ClassPageButton href={`/classrooms/progress/${dash.classId}`} icon={IconChartGridDots}>
                      Voortgang van deze klas
                    </ClassPageButton>
                  )}
                </Group>
                {dash.notice && (
                  <Alert color="blue" variant="light" role="status" withCloseButton closeButtonLabel="Sluiten" onClose={dash.clearNotice}>
                    {dash.notice}
                  </Alert>
                )}
                {feed.loading && feed.rows.length === 0 ? (
                  <Center py="xl">
                    {/* Mantine's Loader by its classes, as the loading overlay's. */}
                    <span className="m_b34414df m_5ae2e3c mantine-Loader-root" role="status" aria-label="Activiteiten laden" />
                  </Center>
                ) : feed.error && feed.rows.length === 0 ? (
                  <Text role="alert">{feed.error.message}</Text>
                ) : (
                  <ActivityTable
                    rows={feed.rows}
                    hasMore={feed.hasMore}
                    loadingEarlier={feed.loadingEarlier}
                    onLoadEarlier={feed.loadEarlier}
                    onDecide={(a, d) => void feed.decide(a, d)}
                    checked={handled}
                    onCheck={setHandled}
                  />
                )}
              </Stack>
            )}
          </div>
          <div className={`m_96bdd299 mantine-Grid-col ${classes.narrow}`}>
            {/* Beside the feed in landscape, above it on a portrait tablet (issue 28 item 4: a class code
                for the board without scrolling 25 rows), below it on a phone, where it waits for the
                feed (dashboard-page.module.css): the rows coming in would push it down the screen. */}
            <Stack gap="md">
              <SchoolCard organisation={dash.organisation.data} />
              {dash.ownClasses.length > 0 && <ClassCodes classes={dash.ownClasses} />}
              <Card aria-labelledby="level-title">
                <Stack gap="xs">
                  <Title order={2} size="h3" id="level-title">
                    Mijn niveau
                  </Title>
                  <NativeSelect
                    label="Niveau van het lesmateriaal"
                    data={levelChoice.data}
                    value={levelChoice.value}
                    onChange={(e) => e.currentTarget.value && void dash.chooseLevel(e.currentTarget.value)}
                  />
                </Stack>
              </Card>
            </Stack>
          </div>
        </div>
      </div>
    </Stack>
  );
}

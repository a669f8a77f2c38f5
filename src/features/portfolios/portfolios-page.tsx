/** /portfolios (part 2 §2): 'Alle activiteiten' and 'Overzicht per klas per les', with the feedback modal. */
import '../../ui/mantine-styles-more';
import { useCallback, useState } from 'react';
import { Stack, Tabs, Title } from '@mantine/core';
import { FeedbackModal } from '../../widgets/portfolio-feedback/feedback-modal';
import { usePageTitle } from '../../ui/page-title';
import { AllActivities } from './all-activities';
import { ModuleOverview } from './module-overview';
import { useFeedback } from '../../widgets/portfolio-feedback/use-feedback';

type Menu = '0' | '2';

export function PortfoliosPage() {
  usePageTitle("Portfolio's");
  const [menu, setMenu] = useState<Menu>('0');
  const [empty, setEmpty] = useState(false);
  const [open, setOpen] = useState<{ id: number; name: string } | null>(null);
  const feedback = useFeedback(open?.id ?? null);
  const onEmpty = useCallback((e: boolean) => setEmpty(e), []);

  return (
    <Stack gap="lg">
      <Title order={1}>Portfolio's</Title>
      {/* Panels are not kept mounted: a new tab starts at page 1 with no items and no filters (part 2 §4). */}
      <Tabs value={menu} onChange={(v) => v && setMenu(v as Menu)} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="0" style={{ minHeight: 44 }}>
            Alle activiteiten
          </Tabs.Tab>
          <Tabs.Tab value="2" disabled={empty} style={{ minHeight: 44 }}>
            Overzicht per klas per les
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="0" pt="md">
          <AllActivities onOpen={setOpen} onEmpty={onEmpty} />
        </Tabs.Panel>
        <Tabs.Panel value="2" pt="md">
          <ModuleOverview onOpen={setOpen} />
        </Tabs.Panel>
      </Tabs>
      <FeedbackModal opened={open !== null} name={open?.name ?? ''} onClose={() => setOpen(null)} {...feedback} />
    </Stack>
  );
}

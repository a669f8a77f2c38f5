/**
 * Module assignment of the class form (part 1 §2): one collapsible group per active section, a
 * checkbox per chapter, and 'Alles activeren' / 'Alles deactiveren' per group.
 */
import '../../ui/mantine-styles-more';
import { Accordion, Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { Section } from '../../api/classrooms/types';
import { TouchCheckbox } from '../../ui/touch-checkbox';

export interface ModuleGroupsProps {
  sections: readonly Section[];
  chosen: readonly number[];
  onChange: (chapters: number[]) => void;
}

export function ModuleGroups({ sections, chosen, onChange }: ModuleGroupsProps) {
  const set = new Set(chosen);
  const active = sections.filter((s) => s.active);
  const setMany = (ids: number[], on: boolean) => {
    const next = new Set(chosen);
    for (const id of ids) {
      if (on) next.add(id);
      else next.delete(id);
    }
    onChange([...next].sort((a, b) => a - b));
  };

  return (
    <Accordion
      multiple
      variant="separated"
      defaultValue={active.filter((s) => s.chapters.some((c) => set.has(c.id))).map((s) => String(s.id))}
    >
      {active.map((section) => {
        const ids = section.chapters.map((c) => c.id);
        const count = ids.filter((id) => set.has(id)).length;
        return (
          <Accordion.Item key={section.id} value={String(section.id)}>
            <Accordion.Control>
              <Text fw={600} span>
                {section.name}
              </Text>{' '}
              <Text span size="sm" c="dimmed">
                ({count} van {ids.length} gekozen)
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <Stack gap="xs">
                <Group gap="xs">
                  <Button variant="subtle" onClick={() => setMany(ids, true)} aria-label={`Alles activeren in ${section.name}`}>
                    Alles activeren
                  </Button>
                  <Button variant="subtle" onClick={() => setMany(ids, false)} aria-label={`Alles deactiveren in ${section.name}`}>
                    Alles deactiveren
                  </Button>
                </Group>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={0}>
                  {section.chapters.map((chapter) => (
                    <TouchCheckbox
                      key={chapter.id}
                      label={chapter.name}
                      checked={set.has(chapter.id)}
                      onChange={(on) => setMany([chapter.id], on)}
                    />
                  ))}
                </SimpleGrid>
              </Stack>
            </Accordion.Panel>
          </Accordion.Item>
        );
      })}
    </Accordion>
  );
}

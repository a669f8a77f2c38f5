/** 'Wij zijn fan! Houd mijn account aan in de zomer.' (part 2 §2 "Extend-intention box"). */
import '../../ui/mantine-styles-more';
import type { FormEvent } from 'react';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconDeviceFloppy, IconHeart } from '@tabler/icons-react';
import { TouchSwitch } from '../../ui/touch-switch';
import { useExtendInfo } from './use-extend-info';

export function ExtendBox() {
  const box = useExtendInfo();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void box.submit();
  };
  return (
    <Paper
      p="md"
      radius="md"
      bg="yellow.1"
      style={{ borderLeft: '6px solid var(--mantine-color-yellow-7)', '--mantine-color-error': 'var(--mantine-color-red-9)' }}
      component="section"
      aria-label="Account aanhouden in de zomer"
    >
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconHeart size={24} aria-hidden="true" color="var(--mantine-color-red-9)" />
          <TouchSwitch
            label="Wij zijn fan! Houd mijn account aan in de zomer."
            checked={box.intention}
            disabled={box.loading}
            onChange={(e) => void box.toggle(e.currentTarget.checked)}
            labelStyle={{ fontWeight: 700, color: 'var(--mantine-color-dark-9)' }}
          />
        </Group>
        {box.intention && (
          <form onSubmit={submit} noValidate aria-label="Contactpersoon voor de zomer">
            <Group align="flex-start" gap="sm">
              <TextInput
                label="E-mail contactpersoon:"
                type="email"
                required
                autoComplete="email"
                value={box.email}
                onChange={(e) => box.setEmail(e.currentTarget.value)}
                error={box.error}
                style={{ flex: '1 1 280px', maxWidth: 420 }}
              />
              <Button
                type="submit"
                mt={26}
                loading={box.busy}
                color={box.saved ? 'teal.9' : undefined}
                leftSection={box.saved ? <IconCheck size={18} aria-hidden="true" /> : <IconDeviceFloppy size={18} aria-hidden="true" />}
              >
                {box.saved ? 'Opgeslagen!' : 'Opslaan'}
              </Button>
            </Group>
          </form>
        )}
        {box.notice && (
          <Text size="sm" role="status">
            {box.notice}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

/** The demo school's accounts, shown only when the server runs with its demo data (config.demo). */
import { Code, List, Paper, Text, Title } from '@mantine/core';

const DEMO_ACCOUNTS = ['docent@demoschool.nl', 'collega@demoschool.nl', 'leerling@demoschool.nl'] as const;
const DEMO_PASSWORD = 'Welkom123';

export function DemoAccounts() {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-labelledby="demo-accounts-title">
      <Title order={2} size="h4" id="demo-accounts-title" mb="xs">
        Demo-accounts
      </Title>
      <List spacing={4}>
        {DEMO_ACCOUNTS.map((a) => (
          <List.Item key={a}>
            <Code>{a}</Code>
          </List.Item>
        ))}
      </List>
      <Text mt="xs">
        Wachtwoord: <Code>{DEMO_PASSWORD}</Code>
      </Text>
    </Paper>
  );
}

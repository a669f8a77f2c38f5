/** Footer (part 1 §2): copyright with the current year and the front site's fixed pages. */
import { Anchor, Container, Group, Text } from '@mantine/core';
import classes from './shell.module.css';

function frontLink(frontUrl: string, path: string): string {
  try {
    return new URL(path, frontUrl.endsWith('/') ? frontUrl : `${frontUrl}/`).toString();
  } catch {
    return `/${path}`;
  }
}

const LINKS = [
  { path: 'credits', label: 'Credits' },
  { path: 'privacyverklaring', label: 'Privacyverklaring' },
  { path: 'colofon', label: 'Colofon' },
  { path: 'over-ons', label: 'Over ons' },
];

export function SiteFooter({
  systemName,
  frontUrl,
  year = new Date().getFullYear(),
}: {
  systemName: string;
  frontUrl: string;
  year?: number;
}) {
  return (
    <footer className={classes.footer}>
      <Container size="xl">
        <Group justify="space-between" wrap="wrap" gap="sm" py="lg" className={classes.footerRow}>
          <Text>
            © {year} {systemName}
          </Text>
          <Group component="ul" gap="md" className={classes.footerLinks}>
            {LINKS.map((l) => (
              <li key={l.path}>
                <Anchor href={frontLink(frontUrl, l.path)} className={classes.footerLink}>
                  {l.label}
                </Anchor>
              </li>
            ))}
          </Group>
        </Group>
      </Container>
    </footer>
  );
}

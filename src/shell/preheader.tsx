/** The thin strip above the header with configured HTML (part 1 §2), sanitised before rendering. */
import { Box, Container } from '@mantine/core';
import { SafeHtml } from '../ui/safe-html';
import classes from './shell.module.css';

/** `inMenu`: signed in on a phone, where the strip is part of the menu (PhoneMenu) instead. */
export function Preheader({ left, right, inMenu = false }: { left: string; right: string; inMenu?: boolean }) {
  if (!left && !right) return null;
  return (
    <Box className={classes.preheader} data-in-menu={inMenu || undefined}>
      <Container size="xl" className={classes.preheaderRow}>
        <SafeHtml html={left} component="div" data-testid="preheader-left" />
        <SafeHtml html={right} component="div" data-testid="preheader-right" />
      </Container>
    </Box>
  );
}

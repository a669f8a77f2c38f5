/** Renders HTML that comes from configuration (preheader texts), sanitised first (architecture: UI). */
import DOMPurify from 'dompurify';
import { Box, type BoxProps } from '@mantine/core';

export function sanitizeHtml(html: string | null | undefined): string {
  return DOMPurify.sanitize(html ?? '', { USE_PROFILES: { html: true } });
}

export function SafeHtml({ html, component = 'div', ...rest }: { html: string | null | undefined; component?: 'div' | 'span' | 'p' } & BoxProps) {
  return <Box component={component} {...rest} dangerouslySetInnerHTML={{ __html: sanitizeHtml(html) }} />;
}

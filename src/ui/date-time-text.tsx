/**
 * A date with its time ('5 mrt 2026 14:07') that may break only between the two: in a narrow column
 * it takes two lines, never three ('5 mrt' / '2026' / '14:07', issue 28 item 30). Other text (a
 * 'Nooit', a date without time) is left to wrap as it would.
 */
import type { CSSProperties } from 'react';

const whole: CSSProperties = { whiteSpace: 'nowrap' };

export function DateTimeText({ text }: { text: string }) {
  const parts = /^(.*\d{4})\s+(\d{1,2}:\d{2})$/.exec(text.trim());
  if (!parts) return <>{text}</>;
  return (
    <>
      <span style={whole}>{parts[1]}</span> <span style={whole}>{parts[2]}</span>
    </>
  );
}

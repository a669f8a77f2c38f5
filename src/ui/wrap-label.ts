/**
 * Button props that wrap a long label onto a second line instead of cutting it off ('Inloggen via het
 * schoolp', a 390 px phone; 'Offline beschikbaar m', a 320 px panel): spread them on the Button.
 */
export function wrapLabel(textAlign: 'start' | 'center') {
  return { h: 'auto', styles: { label: { whiteSpace: 'normal', textAlign, lineHeight: 1.3 }, inner: { paddingBlock: 8 } } } as const;
}

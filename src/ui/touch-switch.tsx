/**
 * Mantine's Switch at size md with a row at least 44 px tall: its own label is only as tall as its
 * text, and the whole row is the touch target (tablet-first), as TouchCheckbox's label is.
 */
import './mantine-styles-more';
import type { CSSProperties } from 'react';
import { Switch, type SwitchProps } from '@mantine/core';

const TOUCH_ROW: CSSProperties = { minHeight: 44, alignItems: 'center' };

export interface TouchSwitchProps extends Omit<SwitchProps, 'size' | 'styles'> {
  labelStyle?: CSSProperties;
}

export function TouchSwitch({ labelStyle, ...props }: TouchSwitchProps) {
  return <Switch size="md" styles={{ body: TOUCH_ROW, label: labelStyle }} {...props} />;
}

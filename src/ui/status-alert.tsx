/**
 * The light alert a screen shows about what just happened: done (green), waiting or for her
 * information (blue), failed (red). A failure is announced at once (role alert), the others when the
 * screen reader is free (role status).
 */
import { Alert, type AlertProps } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';

const TONES = {
  success: { color: 'green', role: 'status', Icon: IconCircleCheck },
  info: { color: 'blue', role: 'status', Icon: IconInfoCircle },
  error: { color: 'red', role: 'alert', Icon: IconAlertTriangle },
} as const;

export interface StatusAlertProps extends Omit<AlertProps, 'color' | 'variant' | 'icon'> {
  tone: keyof typeof TONES;
}

export function StatusAlert({ tone, children, ...props }: StatusAlertProps) {
  const { color, role, Icon } = TONES[tone];
  return (
    <Alert color={color} variant="light" role={role} icon={<Icon aria-hidden="true" />} {...props}>
      {children}
    </Alert>
  );
}

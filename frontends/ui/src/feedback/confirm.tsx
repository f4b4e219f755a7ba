import { messages } from '@loadline/contracts';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export interface ConfirmOptions {
  title?: string;
  text?: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** Colours the confirm button red (deletions). */
  danger?: boolean;
}

/**
 * The generic confirm dialog (spec 000 §8 "Generic dialog defaults: 'Warning', 'Are you sure you want to
 * continue?', buttons Continue and Cancel"). Resolves true on confirm, false on cancel or close.
 * Needs the ModalsProvider that LoadlineProvider puts in place.
 */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  const defaults = messages.dialogs.generic;
  return new Promise<boolean>((resolve) => {
    let settled = false;
    const settle = (answer: boolean) => {
      if (settled) return;
      settled = true;
      resolve(answer);
    };
    modals.openConfirmModal({
      title: options.title ?? defaults.title,
      children: <Text size="sm">{options.text ?? defaults.text}</Text>,
      labels: {
        confirm: options.confirmLabel ?? defaults.confirm,
        cancel: options.cancelLabel ?? defaults.cancel,
      },
      confirmProps: options.danger ? { color: 'red' } : {},
      onConfirm: () => settle(true),
      onCancel: () => settle(false),
      onClose: () => settle(false),
    });
  });
}

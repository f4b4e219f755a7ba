import { notifications } from '@mantine/notifications';

/** Toasts (spec 000 §8 "Failure messages (toasts)", "Success messages"). Texts come from the catalogue. */
export const toast = {
  success(text: string): string {
    return notifications.show({ color: 'green', message: text, autoClose: 4000 });
  },
  error(text: string): string {
    return notifications.show({ color: 'red', message: text, autoClose: 8000 });
  },
  warning(text: string): string {
    return notifications.show({ color: 'yellow', message: text, autoClose: 6000 });
  },
} as const;

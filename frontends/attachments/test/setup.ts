// The jsdom setup of every frontend test, plus: toasts are cleared between tests.
import '../../ui/test/setup.ts';
import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

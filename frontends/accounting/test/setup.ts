// The jsdom setup of every frontend test, plus: toasts are cleared between tests (Mantine's notifications
// store is module-wide, so one test's toasts would otherwise still be there in the next).
import '../../ui/test/setup.ts';
import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

// The jsdom setup of every frontend test, plus: toasts are cleared between tests (Mantine's notifications
// store is module-wide).
import '../../ui/test/setup.ts';
import { notifications } from '@mantine/notifications';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The map's chunk (Leaflet and the US geometry) takes a few seconds to load the first time in jsdom.
configure({ asyncUtilTimeout: 5000 });

afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});

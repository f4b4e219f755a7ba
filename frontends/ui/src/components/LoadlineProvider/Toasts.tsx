import { Notifications } from '@mantine/notifications';

/** Where toasts show (Mantine's notifications container); LoadlineProvider loads it after the first render. */
export default function Toasts() {
  return <Notifications position="top-right" limit={5} />;
}

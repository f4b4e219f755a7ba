// Exposed as `activity/StaffFavoriteToggle` (props: StaffFavoriteToggleProps in @loadline/ui's remotes.ts): the
// staff favorite toggle of a shipment (001 §3, §4), for broker staff; the shipments remote mounts it on the
// back office's shipment page and in the edit-status modal.
import { StaffFavoriteToggle } from './components/StaffFavoriteToggle/index.ts';

export type { StaffFavoriteToggleProps } from '@loadline/ui';
export { StaffFavoriteToggle };
export default StaffFavoriteToggle;

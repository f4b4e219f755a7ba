export { StaffFavoriteToggle } from './StaffFavoriteToggle.tsx';

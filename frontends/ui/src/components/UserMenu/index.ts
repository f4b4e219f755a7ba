export { LogoutButton, UserMenu, type UserMenuProps } from './UserMenu.tsx';

export { AppShellLayout, type AppShellLayoutProps } from './AppShellLayout.tsx';

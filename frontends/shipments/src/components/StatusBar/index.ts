export { StatusBar, type StatusBarProps } from './StatusBar.tsx';

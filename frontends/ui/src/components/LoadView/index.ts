export { LoadView, type LoadViewProps } from './LoadView.tsx';

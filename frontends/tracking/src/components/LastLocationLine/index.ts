export { LastLocationLine, type LastLocationLineProps } from './LastLocationLine.tsx';

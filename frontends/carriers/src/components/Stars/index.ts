export { Stars, type StarsProps } from './Stars.tsx';

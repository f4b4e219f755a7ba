export { UniversalSearch, type UniversalSearchProps } from './UniversalSearch.tsx';

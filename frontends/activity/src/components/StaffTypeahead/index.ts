export { StaffTypeahead, type StaffTypeaheadProps } from './StaffTypeahead.tsx';

export { StatusPicker, type StatusPickerProps } from './StatusPicker.tsx';

export { ColumnChooser, type ColumnChooserProps } from './ColumnChooser.tsx';

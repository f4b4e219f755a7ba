export { CheckboxField, Labelled, ProgressBar, SelectField } from './Fields.tsx';

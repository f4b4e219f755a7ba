export { CheckboxField, Labelled, SelectField } from './Fields.tsx';

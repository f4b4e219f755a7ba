export {
  accessLevelOptions,
  CheckboxField,
  SelectField,
  type SelectFieldProps,
  TextareaField,
} from './Fields.tsx';

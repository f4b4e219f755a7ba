export {
  CheckboxField,
  Labelled,
  SelectField,
  type SelectFieldProps,
  TextareaField,
} from './NativeFields.tsx';

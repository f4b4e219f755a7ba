export {
  AccessLevelField,
  CheckboxField,
  PresetField,
  SelectField,
  type SelectFieldProps,
  TextareaField,
} from './Fields.tsx';

export { AddActivityForm, type AddActivityFormProps } from './AddActivityForm.tsx';

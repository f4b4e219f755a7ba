export { AddLocationForm, type AddLocationFormProps } from './AddLocationForm.tsx';

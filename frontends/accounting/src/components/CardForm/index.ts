export { CardForm, type CardFormProps } from './CardForm.tsx';

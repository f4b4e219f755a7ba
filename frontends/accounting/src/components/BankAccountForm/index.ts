export { BankAccountForm, type BankAccountFormProps } from './BankAccountForm.tsx';

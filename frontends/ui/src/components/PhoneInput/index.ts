export { LazyPhoneInput as PhoneInput } from './LazyPhoneInput.tsx';
export type { PhoneInputProps } from './PhoneInput.tsx';

export { ZipCodeInput, type ZipCodeInputProps } from './ZipCodeInput.tsx';

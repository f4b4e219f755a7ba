export { QuickQuote, type QuickQuoteProps } from './QuickQuote.tsx';

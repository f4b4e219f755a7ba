export { EntryCard, type EntryCardProps } from './EntryCard.tsx';

export { type NoteEntry, NotesLog, type NotesLogProps } from './NotesLog.tsx';

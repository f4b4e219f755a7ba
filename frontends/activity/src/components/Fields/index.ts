export { AccessLevelField, PresetField } from './Fields.tsx';

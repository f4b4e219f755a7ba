export { PluginPlaceholder, type PluginPlaceholderProps } from './PluginPlaceholder.tsx';

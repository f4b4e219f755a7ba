import { createTheme, type MantineColorsTuple } from '@mantine/core';

// Loadline's navy, from light to dark (Mantine wants ten shades).
const loadline: MantineColorsTuple = [
  '#eaf1fb',
  '#d3e0f2',
  '#a4bfe6',
  '#729cd9',
  '#4a7ecf',
  '#316bc9',
  '#2461c7',
  '#1751b0',
  '#0c479e',
  '#003d8c',
];

export const loadlineTheme = createTheme({
  primaryColor: 'loadline',
  colors: { loadline },
  defaultRadius: 'sm',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontWeight: '600' },
});

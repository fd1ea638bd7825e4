import { createTheme } from '@mantine/core';

// Blue 8 on white keeps text and buttons above WCAG AA contrast (axe checks it in the browser tests).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
});

import { createTheme, Modal, Notification, type CSSVariablesResolver } from '@mantine/core';

// Blue 8 on white keeps text and buttons above WCAG AA contrast (axe checks it in the browser tests).
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
  // No sliding or fading for people who ask their system for less motion.
  respectReducedMotion: true,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  components: {
    // The close (×) buttons of every dialog and every notification get a name.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Close' } } }),
    // Its description is dimmed text on a white card with a title above: the full text colour keeps 4.5:1.
    Notification: Notification.extend({
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } },
      styles: { description: { color: 'var(--mantine-color-text)' } },
    }),
  },
});

/**
 * Mantine's dimmed text (gray 6) is below 4.5:1 on white; gray 7 passes. So is its error colour
 * (red 6), which a field's message and text are drawn in; red 9 passes.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7], '--mantine-color-placeholder': t.colors.gray[7], '--mantine-color-error': t.colors.red[9] },
  dark: {},
});

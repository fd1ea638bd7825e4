import { Center, Loader, VisuallyHidden } from '@mantine/core';

/** A loading state: a named live region (the spinner's own span may not carry a label, axe says), its words for screen readers. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl" role="status" aria-live="polite" aria-label={label}>
      <Loader aria-hidden />
      <VisuallyHidden>{label}</VisuallyHidden>
    </Center>
  );
}

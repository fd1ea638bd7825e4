import { Button, CopyButton, type ButtonProps } from '@mantine/core';

/** Copies `value` to the clipboard and says so in its label ("Copied"), announced politely. */
export function CopyValueButton({
  value,
  label,
  variant,
  copiedColor,
}: {
  value: string;
  label: string;
  variant?: ButtonProps['variant'];
  copiedColor?: ButtonProps['color'];
}) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Button variant={variant} onClick={copy} color={copied ? copiedColor : undefined} aria-live="polite">
          {copied ? 'Copied' : label}
        </Button>
      )}
    </CopyButton>
  );
}

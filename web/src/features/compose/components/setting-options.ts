/** A select's or radio group's options, the default one marked so it can be told apart once changed. */
export function optionsOf<V extends string>(values: readonly V[], labels: Record<V, string>, defaultValue: V): Array<{ value: V; label: string }> {
  return values.map((value) => ({ value, label: value === defaultValue ? `${labels[value]} (default)` : labels[value] }));
}

/** A switch's description: its default, since its own state shows only the current value. */
export const defaultWords = (on: boolean): string => `Default: ${on ? 'on' : 'off'}`;

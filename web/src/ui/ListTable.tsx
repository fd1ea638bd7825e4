import { Group, Table, VisuallyHidden, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A list as a table: column headers, a last column for each row's buttons (named "Actions" for
 * screen readers), and sideways scrolling below `minWidth` so narrow screens keep every column.
 * The rows are the children; each names itself with a row header.
 */
export function ListTable({
  columns,
  minWidth,
  striped = true,
  verticalSpacing = 'sm',
  children,
  ...props
}: { columns: string[]; minWidth?: number; children: ReactNode } & Pick<TableProps, 'striped' | 'verticalSpacing' | 'aria-label' | 'aria-labelledby'>) {
  const table = (
    <Table striped={striped} verticalSpacing={verticalSpacing} {...props}>
      <Table.Thead>
        <Table.Tr>
          {columns.map((column) => (
            <Table.Th key={column} scope="col">
              {column}
            </Table.Th>
          ))}
          <Table.Th scope="col">
            <VisuallyHidden>Actions</VisuallyHidden>
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{children}</Table.Tbody>
    </Table>
  );
  return minWidth ? <Table.ScrollContainer minWidth={minWidth}>{table}</Table.ScrollContainer> : table;
}

/** A row's buttons, at the end of its last cell. */
export function RowActions({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" justify="flex-end" wrap="nowrap">
      {children}
    </Group>
  );
}

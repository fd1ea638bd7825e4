import '@mantine/charts/styles.css';
import { Box, Button, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useId, type ReactNode } from 'react';

export interface ChartTableRow {
  key: string;
  /** The row's header (its day, its time). */
  header: string;
  cells: ReactNode[];
}

/**
 * A chart and its text alternative: a caption, a sentence that says what it shows (the chart's
 * description, aria-describedby) and the numbers as a table behind a button, so they can be read
 * without the chart, by keyboard and by screen reader. The chart is one image to assistive
 * technology; its drawing (recharts' SVG) holds nothing to reach.
 */
export function ChartFigure({
  title,
  summary,
  chart,
  columns,
  rows,
}: {
  /** Names the figure, the chart image and the table (its caption). */
  title: string;
  summary: string;
  chart: ReactNode;
  /** The table's column headers, the row headers' column first. */
  columns: [string, ...string[]];
  rows: ChartTableRow[];
}) {
  const id = useId();
  const [open, { toggle }] = useDisclosure(false);
  return (
    <Box component="figure" m={0} aria-labelledby={`${id}-title`}>
      <Text component="figcaption" id={`${id}-title`} fw={600} mb={4}>
        {title}
      </Text>
      <Text size="sm" id={`${id}-summary`} mb="xs">
        {summary}
      </Text>
      <div role="img" aria-label={title} aria-describedby={`${id}-summary`}>
        {chart}
      </div>
      <Button variant="default" size="compact-sm" mt="xs" onClick={toggle} aria-expanded={open} aria-controls={`${id}-table`}>
        {open ? 'Hide the numbers' : 'Show the numbers'}
        <VisuallyHidden> of {title}</VisuallyHidden>
      </Button>
      <div id={`${id}-table`}>
        {open && (
          <Table.ScrollContainer minWidth={320} mt="xs">
            <Table striped captionSide="top" verticalSpacing={4}>
              <Table.Caption>{title}</Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  {columns.map((c) => (
                    <Table.Th key={c} scope="col">
                      {c}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.key}>
                    <Table.Th scope="row" fw={400}>
                      {row.header}
                    </Table.Th>
                    {row.cells.map((cell, i) => (
                      <Table.Td key={i}>{cell}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </div>
    </Box>
  );
}

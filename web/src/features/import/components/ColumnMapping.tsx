import { Button, Group, List, NativeSelect, Table, Text } from '@mantine/core';
import type { RefObject } from 'react';
import { shorten } from '../../../ui/format';
import { SectionCard } from '../../../ui/SectionCard';
import { FIELD_LABELS, IMPORT_FIELDS, mappingProblems, type ColumnMapping as Mapping, type ImportField, type ParsedCsv } from '../import-csv';
import { rowsWord } from '../import';

const OPTIONS = [{ value: '', label: 'Ignore' }, ...IMPORT_FIELDS.map((f) => ({ value: f, label: FIELD_LABELS[f] }))];

/**
 * Step 2: which field each CSV column fills, a select per column ("Field for column …"), started
 * from the header's names (a column named like a field fills it); "Ignore" leaves a column out.
 * "Check rows" takes the rows from the file with this mapping and checks them.
 */
export function ColumnMapping({
  csv,
  mapping,
  onMapping,
  onCheck,
  checking,
  restarts,
  headingRef,
}: {
  csv: ParsedCsv;
  mapping: Mapping;
  onMapping: (mapping: Mapping) => void;
  onCheck: () => void;
  checking: boolean;
  /** Rows were checked already: checking from here starts them again from the file. */
  restarts: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  const problems = mappingProblems(mapping);
  const first = csv.records[0]?.cells ?? [];
  return (
    <SectionCard titleId="import-mapping-title" title="2. Match the columns" headingRef={headingRef}>
      <Table.ScrollContainer minWidth={520}>
        <Table verticalSpacing="xs" aria-labelledby="import-mapping-title">
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">CSV column</Table.Th>
              <Table.Th scope="col">First row</Table.Th>
              <Table.Th scope="col">Field</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {csv.header.map((name, i) => {
              const label = name || `Column ${i + 1}`;
              return (
                <Table.Tr key={`${i}-${name}`}>
                  <Table.Th scope="row" fw={500}>
                    {label}
                  </Table.Th>
                  <Table.Td>
                    <Text size="sm" c={first[i] ? undefined : 'dimmed'} style={{ wordBreak: 'break-word' }}>
                      {first[i] ? shorten(first[i], 60) : 'empty'}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <NativeSelect
                      size="xs"
                      aria-label={`Field for column ${label}`}
                      value={mapping[i] ?? ''}
                      data={OPTIONS}
                      onChange={(e) => {
                        const next = [...mapping];
                        next[i] = (e.currentTarget.value || null) as ImportField | null;
                        onMapping(next);
                      }}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {problems.length > 0 && (
        <List size="sm" c="red.9" mt="sm" id="import-mapping-problems" role="alert">
          {problems.map((p) => (
            <List.Item key={p}>{p}</List.Item>
          ))}
        </List>
      )}
      <Group mt="md" gap="sm">
        <Button onClick={onCheck} loading={checking} disabled={problems.length > 0} aria-describedby={problems.length ? 'import-mapping-problems' : undefined}>
          Check rows
        </Button>
        <Text size="sm" c="dimmed">
          {restarts
            ? `Checks the ${rowsWord(csv.records.length)} of the file again with this mapping: your edits and dropped rows start over.`
            : `Checks the ${rowsWord(csv.records.length)} with the service's rules; nothing is created yet.`}
        </Text>
      </Group>
    </SectionCard>
  );
}

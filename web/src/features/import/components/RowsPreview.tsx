import { Alert, Button, Group, List, Stack, Table, Text, TextInput, Textarea, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, type ReactNode, type RefObject } from 'react';
import { formatDateTime, shorten } from '../../../ui/format';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { FIELD_LABELS, fieldOfProblem, type ImportField, type ImportRow } from '../import-csv';
import { postsWord, rowsWord, type RowVerdict } from '../import';

/** The optional fields a row carries beside its text, accounts and time, in a few words. */
function extrasOf(values: ImportRow['values']): string[] {
  const extras: string[] = [];
  if (values.firstComment?.trim()) extras.push(`First comment: ${shorten(values.firstComment, 40)}`);
  if (values.contentOverrides?.trim()) extras.push('Text per account');
  if (values.platformSettings?.trim()) extras.push('Platform settings');
  const media = [values.mediaUrls, values.mediaIds].flatMap((v) => (v?.trim() ? v.trim().split(/[\s|]+/) : [])).length;
  if (media) extras.push(`${media} media`);
  return extras;
}

/** What the row would become, or why not: the service's words. */
function Verdict({ verdict, field }: { verdict: RowVerdict | undefined; field: ImportField | null }) {
  if (!verdict) return <Text size="sm">Not checked yet</Text>;
  if (!verdict.success) {
    return (
      <Text size="sm" c="red.9" fw={500}>
        Problem: {field ? `see ${FIELD_LABELS[field].toLowerCase()}` : verdict.error}
      </Text>
    );
  }
  const when = verdict.queued
    ? `queued for ${formatDateTime(verdict.scheduledTime, 'the next free slot')}`
    : verdict.status === 'scheduled'
      ? `scheduled for ${formatDateTime(verdict.scheduledTime)}`
      : 'a draft';
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        Ready: {when}
      </Text>
      {verdict.publishing.map((p) => (
        <Text key={p.platformId} size="xs" c="orange.9">
          Would not publish on {p.platformId} as it is: {p.problems.join('; ')}
        </Text>
      ))}
    </Stack>
  );
}

/**
 * Step 3: the rows as they will be sent, each with what the last check said of it. Content,
 * accounts and time are edited in place; a row can be dropped (and restored). Import is offered
 * once the rows as they are now passed a check.
 */
export function RowsPreview({
  rows,
  dropped,
  verdicts,
  current,
  checking,
  checkProblem,
  onEdit,
  onDrop,
  onRestore,
  onCheck,
  onImport,
  importing,
  progress,
  headingRef,
}: {
  rows: ImportRow[];
  dropped: ImportRow[];
  verdicts: Map<number, RowVerdict> | null;
  /** The verdicts are of the rows as they are now. */
  current: boolean;
  checking: boolean;
  checkProblem: string | null;
  onEdit: (row: number, field: ImportField, value: string) => void;
  onDrop: (row: number) => void;
  onRestore: (row: number) => void;
  onCheck: () => void;
  onImport: () => void;
  importing: boolean;
  progress: ReactNode;
  headingRef: RefObject<HTMLHeadingElement | null>;
}) {
  // After a drop the focus goes to the next row's "Drop" (or the previous one's, or the heading), once the row is gone.
  const focusAfterDrop = useRef<number | 'heading' | null>(null);
  useEffect(() => {
    const target = focusAfterDrop.current;
    if (target === null) return;
    focusAfterDrop.current = null;
    if (target === 'heading') headingRef.current?.focus();
    else document.getElementById(`import-drop-${target}`)?.focus();
  }, [rows, headingRef]);
  const drop = (row: number) => {
    const at = rows.findIndex((r) => r.row === row);
    const next = rows[at + 1] ?? rows[at - 1];
    onDrop(row);
    focusAfterDrop.current = next ? next.row : 'heading';
  };

  const problems = verdicts ? rows.filter((r) => verdicts.get(r.row)?.success === false).length : 0;
  const publishing = verdicts ? rows.filter((r) => (verdicts.get(r.row)?.publishing.length ?? 0) > 0).length : 0;
  const ready = current && rows.length > 0 && problems === 0;
  const why = !current
    ? 'The rows changed since the last check: check them again before importing.'
    : rows.length === 0
      ? 'Every row was dropped: restore one, or choose another file.'
      : problems > 0
        ? 'Fix or drop the rows with problems, then check again.'
        : null;

  return (
    <SectionCard titleId="import-preview-title" title="3. Check the rows" headingRef={headingRef}>
      {verdicts && current && rows.length > 0 && (
        <Alert color={problems ? 'red' : 'green'} role={problems ? 'alert' : 'status'} mb="sm">
          {problems
            ? `${problems} of ${rowsWord(rows.length)} ${problems === 1 ? 'has' : 'have'} problems: fix them in place or drop them, then check again.`
            : rows.length === 1
              ? 'The row can be imported.'
              : `All ${rowsWord(rows.length)} can be imported.`}
          {publishing > 0 && ` ${rowsWord(publishing)} would be created but not published as ${publishing === 1 ? 'it is' : 'they are'} (see below).`}
        </Alert>
      )}
      {verdicts && !current && (
        <Text size="sm" mb="sm" role="status">
          Changed since the last check: the checks below are of the rows as they were.
        </Text>
      )}
      <ProblemAlert problem={checkProblem} title="The rows could not be checked" mb="sm" />
      <Table.ScrollContainer minWidth={980}>
        <Table verticalSpacing="xs" aria-labelledby="import-preview-title" style={{ verticalAlign: 'top' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Row</Table.Th>
              <Table.Th scope="col" w="28%">
                Content
              </Table.Th>
              <Table.Th scope="col" w="20%">
                Accounts
              </Table.Th>
              <Table.Th scope="col" w="17%">
                Scheduled time
              </Table.Th>
              <Table.Th scope="col">Also</Table.Th>
              <Table.Th scope="col">Check</Table.Th>
              <Table.Th scope="col">
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((r) => {
              const verdict = verdicts?.get(r.row);
              const field = verdict && !verdict.success && verdict.error && !r.overflow ? fieldOfProblem(verdict.error) : null;
              const errorAt = (f: ImportField) => (field === f ? verdict?.error : undefined);
              const extras = extrasOf(r.values);
              return (
                <Table.Tr key={r.row} aria-label={`Row ${r.row}`} bg={verdict && !verdict.success ? 'red.0' : undefined}>
                  <Table.Th scope="row" fw={500}>
                    {r.row}
                    <Text size="xs" c="dimmed">
                      line {r.line}
                    </Text>
                  </Table.Th>
                  <Table.Td>
                    <Textarea
                      size="xs"
                      autosize
                      minRows={1}
                      maxRows={6}
                      aria-label={`Content of row ${r.row}`}
                      value={r.values.content ?? ''}
                      error={errorAt('content')}
                      onChange={(e) => onEdit(r.row, 'content', e.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`Accounts of row ${r.row}`}
                      value={r.values.accounts ?? ''}
                      error={errorAt('accounts')}
                      onChange={(e) => onEdit(r.row, 'accounts', e.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      size="xs"
                      aria-label={`Scheduled time of row ${r.row}`}
                      placeholder="Draft"
                      value={r.values.scheduledTime ?? ''}
                      error={errorAt('scheduledTime')}
                      onChange={(e) => onEdit(r.row, 'scheduledTime', e.currentTarget.value)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Text size="xs">{extras.length ? extras.join(', ') : '—'}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Verdict verdict={verdict} field={field} />
                  </Table.Td>
                  <Table.Td>
                    <Button id={`import-drop-${r.row}`} size="xs" variant="default" onClick={() => drop(r.row)} aria-label={`Drop row ${r.row}`}>
                      Drop
                    </Button>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {dropped.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="md" id="import-dropped-title">
            Dropped ({rowsWord(dropped.length)}, not imported)
          </Text>
          <List size="sm" aria-labelledby="import-dropped-title" spacing={4}>
            {dropped.map((r) => (
              <List.Item key={r.row}>
                <Group gap="xs" wrap="nowrap">
                  <Text size="sm">
                    Row {r.row}: {shorten(r.values.content ?? '', 60) || 'no content'}
                  </Text>
                  <Button size="compact-xs" variant="subtle" onClick={() => onRestore(r.row)} aria-label={`Restore row ${r.row}`}>
                    Restore
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        </>
      )}
      <Group mt="md" gap="sm" align="center">
        <Button variant={ready ? 'default' : 'filled'} onClick={onCheck} loading={checking} disabled={importing || rows.length === 0}>
          Check again
        </Button>
        <Button onClick={onImport} disabled={!ready || importing} loading={importing} aria-describedby={why ? 'import-why' : undefined}>
          Import {postsWord(rows.length)}
        </Button>
        {why && (
          <Text size="sm" id="import-why">
            {why}
          </Text>
        )}
      </Group>
      {progress}
    </SectionCard>
  );
}

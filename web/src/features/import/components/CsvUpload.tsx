import { Box, Button, Code, Group, List, NativeSelect, Text } from '@mantine/core';
import { useDropzone } from 'react-dropzone';
import { accountLabel } from '../../../post-text/texts';
import { ProblemAlert } from '../../../ui/ProblemAlert';
import { SectionCard } from '../../../ui/SectionCard';
import { DELIMITER_LABELS, DELIMITERS, templateCsv, type DelimiterName, type ParsedCsv } from '../import-csv';
import { rowsWord, type ImportAccount } from '../import';

// Spreadsheets and systems label a CSV file in several ways; a file that is none of these is refused with its name.
const CSV_TYPES = {
  'text/csv': ['.csv'],
  'application/vnd.ms-excel': ['.csv'],
  'text/plain': ['.csv', '.txt'],
  'text/tab-separated-values': ['.tsv'],
};

/**
 * Step 1: the file, dropped on the zone or chosen (a labelled file input behind "Choose a CSV
 * file"), the template to start from, and the ids the accounts column takes.
 */
export function CsvUpload({
  accounts,
  fileName,
  csv,
  delimiter,
  onDelimiter,
  problem,
  onFile,
  onRefused,
}: {
  accounts: ImportAccount[];
  fileName: string | null;
  csv: ParsedCsv | null;
  delimiter: DelimiterName | undefined;
  onDelimiter: (delimiter: DelimiterName) => void;
  problem: string | null;
  onFile: (file: File) => void;
  onRefused: (name: string) => void;
}) {
  const { getRootProps, getInputProps, isDragActive, open } = useDropzone({
    onDrop: (accepted, refused) => {
      if (accepted[0]) onFile(accepted[0]);
      else if (refused[0]) onRefused(refused[0].file.name);
    },
    accept: CSV_TYPES,
    multiple: false,
    // The button opens the chooser; the zone itself is for dropping.
    noClick: true,
    noKeyboard: true,
  });
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(templateCsv(accounts[0]?.platformId))}`;
  return (
    <SectionCard titleId="import-file-title" title="1. Choose a CSV file">
      <Text size="sm" mb="sm">
        One post per row, with a header line naming the columns: <Code>content</Code> and <Code>accounts</Code> are needed; <Code>scheduledTime</Code> (an ISO
        8601 time, <Code>queue</Code> for the next free queue slot, or empty for a draft), <Code>contentOverrides</Code>, <Code>firstComment</Code>,{' '}
        <Code>platformSettings</Code>, <Code>mediaUrls</Code> and <Code>mediaIds</Code> are optional. UTF-8, at most 1,000 rows. A file exported from the Posts
        page imports as it is.
      </Text>
      <Box
        {...getRootProps({ role: 'group', 'aria-label': 'Drop zone for a CSV file' })}
        p="md"
        data-drag-active={isDragActive || undefined}
        style={{ border: `2px dashed var(--mantine-color-${isDragActive ? 'blue-8' : 'gray-5'})`, borderRadius: 8, textAlign: 'center' }}
      >
        <input {...getInputProps({ 'aria-label': 'CSV file' })} />
        <Text size="sm" mb="xs">
          {isDragActive ? 'Drop the file to read it' : 'Drop a CSV file here, or'}
        </Text>
        <Group justify="center" gap="sm">
          <Button variant="default" size="xs" onClick={open}>
            Choose a CSV file
          </Button>
          <Button component="a" href={template} download="posts-import-template.csv" variant="default" size="xs">
            Download template
          </Button>
        </Group>
      </Box>
      <ProblemAlert problem={problem} title="This file cannot be imported" mt="sm" />
      {fileName && csv && (
        <Group mt="sm" align="flex-end" gap="md">
          <Text size="sm" role="status">
            <strong>{fileName}</strong>: {rowsWord(csv.records.length)}, {csv.header.length} columns.
          </Text>
          <NativeSelect
            size="xs"
            label="Delimiter"
            value={delimiter}
            onChange={(e) => onDelimiter(e.currentTarget.value as DelimiterName)}
            data={(Object.keys(DELIMITERS) as DelimiterName[]).map((d) => ({ value: d, label: DELIMITER_LABELS[d] }))}
          />
        </Group>
      )}
      <Text size="sm" fw={600} mt="md" id="import-accounts-title">
        Your accounts, as the accounts column names them
      </Text>
      <List size="sm" aria-labelledby="import-accounts-title">
        {accounts.map((a) => (
          <List.Item key={a.id}>
            {accountLabel(a)}: <Code>{a.platformId}</Code>
          </List.Item>
        ))}
      </List>
      <Text size="xs" c="dimmed" mt={4}>
        Several accounts in one cell are separated by <Code>|</Code>.
      </Text>
    </SectionCard>
  );
}

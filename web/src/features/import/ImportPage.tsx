import { Alert, Anchor, Button, Card, Stack, Text } from '@mantine/core';
import { useEffect, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { roleAllows, useTeamContext } from '../../session/team';
import { PageHeader } from '../../ui/PageHeader';
import { PageLoader } from '../../ui/PageLoader';
import { ProblemAlert } from '../../ui/ProblemAlert';
import { QueryResult } from '../../ui/QueryResult';
import { RoleNote } from '../../ui/RoleNote';
import { useReloadableQuery } from '../../ui/useReloadableQuery';
import { ColumnMapping } from './components/ColumnMapping';
import { CsvUpload } from './components/CsvUpload';
import { ImportProgress } from './components/ImportProgress';
import { ImportResult } from './components/ImportResult';
import { RowsPreview } from './components/RowsPreview';
import { useImport } from './hooks/useImport';
import { ImportConnectionsDocument } from './import.documents';

type RefObjectOf<T> = RefObject<T | null>;

/**
 * Posts from a CSV file (docs/bulk.md): choose the file, match its columns to the fields, check
 * the rows with the service's dry run, fix or drop the ones with problems, then import exactly
 * the rows kept, all or nothing. Editors and above; the rows go to the service as JSON rows.
 */
export default function ImportPage() {
  const { context, failed: roleUnknown } = useTeamContext();
  const [result, reload] = useReloadableQuery({ query: ImportConnectionsDocument });
  const flow = useImport();
  const mappingHeading = useRef<HTMLHeadingElement>(null);
  const previewHeading = useRef<HTMLHeadingElement>(null);
  const resultHeading = useRef<HTMLHeadingElement>(null);
  // Where the focus goes once a step's section is on screen: the next step's heading.
  const pendingFocus = useRef<RefObjectOf<HTMLHeadingElement> | null>(null);
  useEffect(() => {
    const target = pendingFocus.current?.current;
    if (!target) return;
    pendingFocus.current = null;
    target.focus();
  });
  // When the role could not be read the page is offered, and the service decides (useRoleAllows' rule).
  const mayImport = roleUnknown || (!!context && roleAllows(context.role, 'editor'));

  const header = (
    <PageHeader
      title="Import posts"
      description="Create many posts at once from a spreadsheet saved as CSV. Each row is checked with the same rules as a single post before anything is created, and the import creates every row you keep or none."
    />
  );
  if (!context && !roleUnknown) {
    return (
      <>
        {header}
        <PageLoader label="Loading your role" />
      </>
    );
  }
  if (!mayImport) {
    return (
      <>
        {header}
        <Stack maw={720}>
          <RoleNote role={context?.role ?? null}>importing posts needs the editor role or above; the owner or an admin can change your role.</RoleNote>
        </Stack>
      </>
    );
  }

  const focusWhenShown = async (heading: RefObjectOf<HTMLHeadingElement>, step: () => Promise<boolean>) => {
    pendingFocus.current = heading;
    if (!(await step())) pendingFocus.current = null;
  };
  const onFile = (file: File) => focusWhenShown(mappingHeading, () => flow.chooseFile(file));
  const onCheck = (fromFile: boolean) => (fromFile ? focusWhenShown(previewHeading, flow.checkFromFile) : flow.checkAgain());
  const onImport = () => focusWhenShown(resultHeading, flow.importRows);
  const run = flow.run;

  return (
    <>
      {header}
      <Stack gap="lg" maw={1200}>
        <QueryResult result={result} loading="Loading your accounts" failed="Could not load your accounts" onRetry={reload}>
          {(data) =>
            data.connections.length === 0 ? (
              <Card withBorder>
                <Text fw={600}>Connect an account first</Text>
                <Text size="sm" mt={4}>
                  Every row names the accounts its post goes to.{' '}
                  <Anchor component={Link} to="/connections">
                    Connect an account
                  </Anchor>
                  , then come back to import.
                </Text>
              </Card>
            ) : run?.phase === 'done' ? (
              <ImportResult run={run} onAnother={flow.reset} headingRef={resultHeading} />
            ) : (
              <>
                {context?.role === 'editor' && data.requireApproval && (
                  <Alert color="blue" role="note" title="Your posts need approval">
                    An import creates drafts only: leave the scheduled time empty. Rows with a time or queue are refused, since an import does not ask the
                    approvers; send the drafts for approval from the Posts page afterwards.
                  </Alert>
                )}
                <CsvUpload
                  accounts={data.connections}
                  fileName={flow.file?.name ?? null}
                  csv={flow.csv}
                  delimiter={flow.delimiter}
                  onDelimiter={flow.setDelimiter}
                  problem={flow.fileProblem}
                  onFile={onFile}
                  onRefused={(name) => flow.refuseFile(`${name} is not a CSV file: save the spreadsheet as CSV (UTF-8) and choose it again.`)}
                />
                {flow.csv && (
                  <ColumnMapping
                    csv={flow.csv}
                    mapping={flow.mapping}
                    onMapping={flow.setMapping}
                    onCheck={() => onCheck(true)}
                    checking={flow.checking}
                    restarts={!!flow.rows}
                    headingRef={mappingHeading}
                  />
                )}
                {flow.rows && (
                  <RowsPreview
                    rows={flow.rows}
                    dropped={flow.dropped}
                    verdicts={flow.verdicts}
                    current={flow.current}
                    checking={flow.checking}
                    checkProblem={flow.checkProblem}
                    onEdit={flow.editCell}
                    onDrop={flow.dropRow}
                    onRestore={flow.restoreRow}
                    onCheck={() => onCheck(false)}
                    onImport={onImport}
                    importing={run?.phase === 'running'}
                    progress={
                      run && (
                        <>
                          <ImportProgress run={run} />
                          {run.phase === 'refused' && <ProblemAlert problem={run.problem} title="Nothing was imported" mt="sm" />}
                        </>
                      )
                    }
                    headingRef={previewHeading}
                  />
                )}
                {flow.file && (
                  <div>
                    <Button variant="subtle" onClick={flow.reset}>
                      Start again with another file
                    </Button>
                  </div>
                )}
              </>
            )
          }
        </QueryResult>
      </Stack>
    </>
  );
}

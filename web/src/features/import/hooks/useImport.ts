import { useCallback, useMemo, useRef, useState } from 'react';
import { useMutation } from 'urql';
import { errorMessage } from '../../../api/client';
import {
  CsvProblem,
  decodeCsv,
  newImportKey,
  parseCsv,
  rowsOf,
  suggestMapping,
  toRowInput,
  type ColumnMapping,
  type DelimiterName,
  type ImportField,
  type ImportRow,
  type ParsedCsv,
} from '../import-csv';
import { IMPORTED_POSTS, refusedRows, verdictOf, type CreatedRow, type RowVerdict } from '../import';
import { ImportPostsDocument, ValidateImportDocument } from '../import.documents';

export interface ImportFile {
  name: string;
  text: string;
}

export type ImportRun =
  | { phase: 'running'; count: number }
  | { phase: 'done'; count: number; results: Array<CreatedRow & { fileRow: number }> }
  /** Nothing was created: the service refused these rows (their checks show why) or the whole request. */
  | { phase: 'refused'; count: number; problem: string };

/** What the rows are now, as sent: a check is current while the rows it checked are these. */
const signatureOf = (rows: readonly ImportRow[]) => JSON.stringify(rows.map((r) => [r.row, toRowInput(r.values), !!r.overflow]));

/**
 * The import's steps: a file read and parsed, its columns mapped, its rows checked (the dry run),
 * edited or dropped and checked again, then imported. The rows are sent as JSON `rows`, after the
 * mapping and the edits, never the file itself.
 */
export function useImport() {
  const [file, setFile] = useState<ImportFile | null>(null);
  const [delimiter, setDelimiterState] = useState<DelimiterName | undefined>(undefined);
  const [csv, setCsv] = useState<ParsedCsv | null>(null);
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [mapping, setMapping] = useState<ColumnMapping>([]);
  // The rows kept (null until the first check), and those dropped (they can be restored).
  const [rows, setRows] = useState<ImportRow[] | null>(null);
  const [dropped, setDropped] = useState<ImportRow[]>([]);
  const [check, setCheck] = useState<{ signature: string; verdicts: Map<number, RowVerdict> } | null>(null);
  const [checkProblem, setCheckProblem] = useState<string | null>(null);
  const [run, setRun] = useState<ImportRun | null>(null);
  const [{ fetching: checking }, validate] = useMutation(ValidateImportDocument);
  const [, create] = useMutation(ImportPostsDocument);
  // One key per set of rows: a retry of the same rows (after a lost answer) creates nothing twice.
  const importKey = useRef<{ signature: string; key: string } | null>(null);

  const reset = useCallback(() => {
    setFile(null);
    setCsv(null);
    setDelimiterState(undefined);
    setFileProblem(null);
    setMapping([]);
    setRows(null);
    setDropped([]);
    setCheck(null);
    setCheckProblem(null);
    setRun(null);
    importKey.current = null;
  }, []);

  const parse = useCallback((next: ImportFile, chosen: DelimiterName | undefined): boolean => {
    setRows(null);
    setDropped([]);
    setCheck(null);
    setCheckProblem(null);
    setRun(null);
    try {
      const parsed = parseCsv(next.text, chosen);
      setCsv(parsed);
      setDelimiterState(parsed.delimiter);
      setMapping(suggestMapping(parsed.header));
      setFileProblem(null);
      return true;
    } catch (err) {
      setCsv(null);
      setDelimiterState(chosen);
      setMapping([]);
      setFileProblem(err instanceof CsvProblem ? err.message : 'The file could not be read as CSV.');
      return false;
    }
  }, []);

  /** A chosen or dropped file: read as UTF-8 and parsed with the delimiter its header suggests. */
  const chooseFile = useCallback(
    async (chosen: File): Promise<boolean> => {
      reset();
      try {
        const text = decodeCsv(new Uint8Array(await chosen.arrayBuffer()));
        const next = { name: chosen.name, text };
        setFile(next);
        return parse(next, undefined);
      } catch (err) {
        setFileProblem(err instanceof CsvProblem ? err.message : `${chosen.name} could not be read.`);
        return false;
      }
    },
    [parse, reset],
  );

  /** A dropped file that is not a CSV file: said, and nothing else kept. */
  const refuseFile = useCallback(
    (problem: string) => {
      reset();
      setFileProblem(problem);
    },
    [reset],
  );

  const setDelimiter = useCallback(
    (next: DelimiterName) => {
      if (file) parse(file, next);
    },
    [file, parse],
  );

  const signature = useMemo(() => (rows ? signatureOf(rows) : ''), [rows]);
  const current = !!check && !!rows && check.signature === signature;

  /** The dry run of these rows: each row's verdict by its row number in the file. */
  const runCheck = useCallback(
    async (toCheck: ImportRow[]): Promise<boolean> => {
      setCheckProblem(null);
      setRun(null);
      if (toCheck.length === 0) {
        setCheck({ signature: signatureOf(toCheck), verdicts: new Map() });
        return true;
      }
      const inputs = toCheck.map((r) => toRowInput(r.values));
      const result = await validate({ input: { rows: inputs } });
      if (result.error || !result.data) {
        setCheckProblem(result.error ? errorMessage(result.error) : 'The rows could not be checked.');
        return false;
      }
      const verdicts = new Map<number, RowVerdict>();
      result.data.validateBulkPosts.results.forEach((preview) => {
        const row = toCheck[preview.row - 1];
        if (!row) return;
        const queued = inputs[preview.row - 1].scheduledTime?.toLowerCase() === 'queue';
        // A row with more fields than columns lost some of them here: the service would refuse it from the file.
        verdicts.set(row.row, row.overflow ? { success: false, error: row.overflow, publishing: [] } : verdictOf(preview, queued));
      });
      setCheck({ signature: signatureOf(toCheck), verdicts });
      return true;
    },
    [validate],
  );

  /** "Check rows" from the mapping: the rows start again from the file (edits and drops are discarded). */
  const checkFromFile = useCallback(async (): Promise<boolean> => {
    if (!csv) return false;
    const fresh = rowsOf(csv, mapping);
    setRows(fresh);
    setDropped([]);
    return runCheck(fresh);
  }, [csv, mapping, runCheck]);

  const checkAgain = useCallback(async (): Promise<boolean> => (rows ? runCheck(rows) : false), [rows, runCheck]);

  const editCell = useCallback((row: number, field: ImportField, value: string) => {
    setRows((all) => all?.map((r) => (r.row === row ? { ...r, values: { ...r.values, [field]: value } } : r)) ?? all);
  }, []);

  const dropRow = useCallback(
    (row: number) => {
      const gone = rows?.find((r) => r.row === row);
      if (!gone) return;
      setRows(rows!.filter((r) => r.row !== row));
      setDropped((all) => [...all, gone].sort((a, b) => a.row - b.row));
    },
    [rows],
  );

  const restoreRow = useCallback(
    (row: number) => {
      const back = dropped.find((r) => r.row === row);
      if (!back) return;
      setDropped(dropped.filter((r) => r.row !== row));
      setRows((all) => [...(all ?? []), back].sort((a, b) => a.row - b.row));
    },
    [dropped],
  );

  /** Creates exactly the kept rows, all or nothing, once they passed the check. */
  const importRows = useCallback(async (): Promise<boolean> => {
    if (!rows || rows.length === 0) return false;
    const sent = rows;
    if (importKey.current?.signature !== signature) importKey.current = { signature, key: newImportKey() };
    setRun({ phase: 'running', count: sent.length });
    const result = await create({ input: { rows: sent.map((r) => toRowInput(r.values)), mode: 'all' }, idempotencyKey: importKey.current.key }, IMPORTED_POSTS);
    if (result.error || !result.data) {
      const refusal = result.error?.graphQLErrors.find((e) => Array.isArray(e.extensions?.errors));
      const refused = refusedRows(refusal?.extensions);
      if (refused.length) {
        // The rows changed under the check (a limit reached meanwhile): their checks say why now.
        const verdicts = new Map(check?.verdicts);
        for (const r of refused) {
          const row = sent[r.row - 1];
          if (row) verdicts.set(row.row, { success: false, error: r.error, publishing: [] });
        }
        setCheck({ signature, verdicts });
      }
      setRun({ phase: 'refused', count: sent.length, problem: result.error ? errorMessage(result.error) : 'The import did not answer.' });
      return false;
    }
    const results = result.data.bulkCreatePosts.results.map((r) => ({ ...r, fileRow: sent[r.row - 1]?.row ?? r.row }));
    setRun({ phase: 'done', count: sent.length, results });
    return true;
  }, [rows, signature, create, check]);

  return {
    file,
    csv,
    delimiter,
    setDelimiter,
    fileProblem,
    mapping,
    setMapping,
    rows,
    dropped,
    verdicts: check?.verdicts ?? null,
    current,
    checking,
    checkProblem,
    run,
    chooseFile,
    refuseFile,
    checkFromFile,
    checkAgain,
    editCell,
    dropRow,
    restoreRow,
    importRows,
    reset,
  };
}

export type ImportFlow = ReturnType<typeof useImport>;

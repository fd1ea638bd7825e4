/** The bulk routes' own messages (docs/bulk.md); a row's refusal by create-post keeps create-post's message. */
export const BulkMessages = {
  bodyRequired: 'Send the rows as JSON { "rows": [...] }, or a CSV file (text/csv body, or multipart/form-data with a file field)',
  rowsNotArray: 'rows must be an array of post objects',
  rowsOrCsv: 'Give either rows or csv (one of the two)',
  noRows: 'No rows to import: rows is empty',
  tooManyRows: (max: number, count: number) => `Too many rows: at most ${max} per request, this one has ${count}; split the import into several requests`,
  mode: "mode must be 'all' or 'partial'",
  rowNotObject: 'Each row must be an object of post fields (content, accounts, scheduledTime, …)',
  mediaUrlsNotList: 'mediaUrls must be a list of http(s) URLs (in CSV: separated by |)',
  mediaUrlInvalid: (value: string) => `mediaUrls: ${JSON.stringify(value.slice(0, 200))} is not an http(s) URL`,
  mediaIdsNotList: 'mediaIds must be a list of media ids (in CSV: separated by |)',
  mediaIdInvalid: (value: string) => `mediaIds: ${JSON.stringify(value.slice(0, 40))} is not a media id (24 hexadecimal characters)`,
  tooManyMedia: (max: number) => `A row may attach at most ${max} media files`,
  tooManyMediaUrls: (max: number, count: number) =>
    `Too many media URLs: at most ${max} per request, this one has ${count}; import fewer rows per request or upload the files first (get-upload-url)`,
  notCreated: (failed: number, total: number) =>
    `No posts were created: ${failed} of ${total} ${total === 1 ? 'row has a problem' : 'rows have problems'} (see errors); fix or remove ${failed === 1 ? 'it' : 'them'}, or send mode 'partial' to create the others`,
  approvalNeeded:
    'Your posts need an approver before they are scheduled or queued, which an import does not ask for: import this row as a draft (no scheduledTime) and ask for approval from the post, or ask an owner or admin to import it',
  busy: 'The account changed while the import ran (another request took a queue slot or media file); send it again',
  // CSV files: one answer for the whole file.
  delimiter: "delimiter must be 'comma', 'semicolon' or 'tab' (or the character itself)",
  csvEmpty: 'The CSV file is empty: its first line must be a header naming the columns (content, accounts, scheduledTime, …)',
  csvNoRows: 'The CSV file has a header but no rows',
  csvMissingColumns: (missing: string[]) =>
    `The CSV header has no ${missing.join(' or ')} column: its first line must name the columns (content, accounts, scheduledTime, …)`,
  csvDuplicateColumn: (name: string) => `The CSV header names the ${name} column twice`,
  csvUtf16: 'The CSV file is UTF-16 text: save it as UTF-8 (in Excel: CSV UTF-8) and upload it again',
  csvNotUtf8: (byte: number, line: number, offset: number) =>
    `The CSV file is not valid UTF-8 text: byte 0x${byte.toString(16).toUpperCase().padStart(2, '0')} on line ${line} (byte offset ${offset}); save it as UTF-8 (in Excel: CSV UTF-8) and upload it again`,
  csvTruncatedCharacter: (line: number) =>
    `The CSV file is not valid UTF-8 text: it ends in the middle of a character on line ${line}; save it as UTF-8 and upload it again`,
  csvTooLarge: (mb: number) => `The CSV file is larger than ${mb} MB; split it into several files`,
  csvUnreadable: (why: string) => `The CSV file could not be read: ${why}`,
  csvQuoteNotClosed: (line: number) => `a quoted field of the record starting on line ${line} is never closed`,
  csvBadClosingQuote: (line: number) => `a closing quote on line ${line} is followed by other characters than the delimiter or a line end`,
  csvRecordTooLong: (line: number, mb: number) => `the record starting on line ${line} is longer than ${mb} MB`,
  csvTooManyFields: (fields: number, columns: number) =>
    `This row has ${fields} fields but the header has ${columns} columns: quote fields that contain the delimiter`,
  csvOneFile: 'Send one CSV file per request',
  csvNotUploaded: 'The multipart body has no CSV file: send it in a file field (e.g. file)',
} as const;

// MongoDB-shaped errors. Command handlers throw MongoError; the dispatcher turns it into the
// `{ ok: 0, errmsg, code, codeName }` reply the driver expects (plus errorLabels when set).

export const ErrorCodes = {
  InternalError: 1,
  BadValue: 2,
  NoSuchKey: 4,
  FailedToParse: 9,
  InvalidDBRef: 10,
  TypeMismatch: 14,
  IllegalOperation: 20,
  NamespaceNotFound: 26,
  IndexNotFound: 27,
  PathNotViable: 28,
  ConflictingUpdateOperators: 40,
  CursorNotFound: 43,
  NamespaceExists: 48,
  MaxTimeMSExpired: 50,
  CommandNotFound: 59,
  ImmutableField: 66,
  InvalidOptions: 72,
  InvalidNamespace: 73,
  IndexOptionsConflict: 85,
  IndexKeySpecsConflict: 86,
  OperationNotSupportedInTransaction: 263,
  WriteConflict: 112,
  NoSuchTransaction: 251,
  TransactionCommitted: 256,
  TransactionTooOld: 225,
  ConflictingOperationInProgress: 117,
  NoSuchSession: 206,
  InvalidIdField: 53,
  Location40352: 40352,
  Location17419: 17419,
  DollarPrefixedFieldName: 52,
  DuplicateKey: 11000,
  UnknownError: 8,
  Unauthorized: 13,
  NotImplemented: 238,
  InterruptedAtShutdown: 11600,
  Location40324: 40324,
  InvalidPipelineOperator: 168,
  CommandNotSupportedOnView: 166,
  InvalidLength: 16,
  Overflow: 15,
  DocumentValidationFailure: 121,
  Location15975: 15975,
  Location15976: 15976,
} as const;

export type ErrorCodeName = keyof typeof ErrorCodes;

const namesByCode = new Map<number, string>(Object.entries(ErrorCodes).map(([k, v]) => [v, k]));

export function codeName(code: number): string {
  return namesByCode.get(code) ?? 'UnknownError';
}

export class MongoError extends Error {
  readonly code: number;
  readonly codeName: string;
  errorLabels: string[] = [];
  /** Extra fields copied into the error reply / writeError (e.g. keyPattern, keyValue). */
  extra: Record<string, unknown> = {};

  constructor(name: ErrorCodeName, message: string, extra?: Record<string, unknown>) {
    super(message);
    this.code = ErrorCodes[name];
    this.codeName = name;
    if (extra) this.extra = extra;
  }

  withLabel(label: string): this {
    if (!this.errorLabels.includes(label)) this.errorLabels.push(label);
    return this;
  }

  toReply(): Record<string, unknown> {
    const reply: Record<string, unknown> = { ok: 0, errmsg: this.message, code: this.code, codeName: this.codeName, ...this.extra };
    if (this.errorLabels.length) reply.errorLabels = this.errorLabels;
    return reply;
  }
}

export const TRANSIENT = 'TransientTransactionError';

export function badValue(message: string): MongoError {
  return new MongoError('BadValue', message);
}

export function writeConflict(): MongoError {
  return new MongoError(
    'WriteConflict',
    'Write conflict during plan execution and yielding is disabled. :: Please retry your operation or multi-document transaction.',
  ).withLabel(TRANSIENT);
}

/** A unique-index violation (E11000), however the driver or Mongoose wrapped it. */
export function isDuplicateKeyError(err: unknown): boolean {
  const e = err as { code?: number; errorResponse?: { code?: number }; message?: string } | null;
  return !!e && (e.code === 11000 || e.errorResponse?.code === 11000 || /E11000/.test(e.message ?? ''));
}

/**
 * 24 hexadecimal characters (either case), the only text an ObjectId parses from. Checked before
 * a query so a malformed id is a clean "not found" or 400, never a CastError.
 */
export function isObjectIdString(value: unknown): value is string {
  return typeof value === 'string' && /^[0-9a-fA-F]{24}$/.test(value);
}

import secureJson from 'secure-json-parse';

/** Deeper bodies are refused before validation (class-transformer recurses per level). */
export const MAX_BODY_DEPTH = 32;

export const JsonBodyMessages = {
  empty: "Body cannot be empty when content-type is set to 'application/json'",
  invalid: "Body is not valid JSON but content-type is set to 'application/json'",
  prototypeKey: 'Request body must not contain the keys __proto__ or constructor.prototype (they could change objects on the server); rename them',
  tooDeep: `Request body is nested too deeply (maximum depth ${MAX_BODY_DEPTH})`,
} as const;

class BodyError extends Error {
  readonly statusCode = 400;
}

/** Nesting depth of a parsed JSON value, walked without recursion; stops once past `limit`. */
export function jsonDepth(value: unknown, limit = Infinity): number {
  let max = 0;
  const stack: Array<[unknown, number]> = [[value, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    const level = depth + 1;
    if (level > max) max = level;
    if (max > limit) return max;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, level]);
    }
  }
  return max;
}

/** JSON text → value, or a 400 that says what to change. */
export function parseJsonBody(text: string): unknown {
  if (text === '') throw new BodyError(JsonBodyMessages.empty);
  let value: unknown;
  try {
    value = secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' });
  } catch (err) {
    // secure-json-parse reports both as SyntaxError; only the poisoning one names the prototype.
    throw new BodyError(/forbidden prototype property/.test((err as Error).message) ? JsonBodyMessages.prototypeKey : JsonBodyMessages.invalid);
  }
  if (jsonDepth(value, MAX_BODY_DEPTH) > MAX_BODY_DEPTH) throw new BodyError(JsonBodyMessages.tooDeep);
  return value;
}

/**
 * The app's one JSON body parser (`app.useBodyParser('application/json', jsonBodyParser)`, which
 * Nest registers in place of Fastify's default).
 */
export function jsonBodyParser(_request: unknown, body: Buffer | string, done: (err: Error | null, value?: unknown) => void): void {
  try {
    done(null, parseJsonBody(typeof body === 'string' ? body : body.toString('utf8')));
  } catch (err) {
    done(err as Error);
  }
}

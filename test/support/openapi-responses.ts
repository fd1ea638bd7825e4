import Ajv, { type ErrorObject, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { inspect } from 'node:util';

/**
 * Holds every response the e2e suites receive from a documented operation against the OpenAPI
 * document the app serves, so that a DTO or decorator that drifts from what the service sends fails
 * a test (the SDK is generated from that document: a wrong document is a wrong SDK).
 *
 * Ajv (the JSON Schema validator the rest of the toolchain already uses) on the document's own
 * schemas, converted from OpenAPI 3.0's dialect first (`nullable`, boolean `exclusiveMinimum`) and
 * closed to undocumented properties, with `$ref`s into `components` resolved in the document
 * itself. docs/response-validation.md.
 */

/** The parts of an OpenAPI 3.0 document this reads. */
export interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OpenApiOperation | unknown>>;
  components?: { schemas?: Record<string, unknown> };
}

interface OpenApiOperation {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

/** What is checked of one response. */
export interface ReceivedResponse {
  method: string;
  /** The request's path with its query (or the whole URL). */
  url: string;
  status: number;
  /** The Content-Type header, if any. */
  contentType?: string;
  /** The parsed body (checked when the response is JSON). */
  body: unknown;
  /** The response had no body at all. */
  empty: boolean;
}

const HTTP_METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);
const DOCUMENT_ID = 'openapi.json';

interface PathMatcher {
  template: string;
  pattern: RegExp;
  /** Literal characters: the most specific template wins (`/webhooks/{id}/test` over `/webhooks/{id}/{x}`). */
  literal: number;
}

/** `~` and `/` escaped for a JSON pointer segment. */
const pointerSegment = (s: string) => s.replace(/~/g, '~0').replace(/\//g, '~1');

const isJson = (contentType: string) => /^application\/(.+\+)?json$/i.test(contentType);
const mediaType = (contentType: string | undefined) => (contentType ?? '').split(';')[0].trim().toLowerCase();

export interface DialectOptions {
  /**
   * An object schema that names its properties and says nothing of others admits no others: a
   * field the service sends but the document does not name is drift too (a generated client has
   * no type for it). `additionalProperties` written in the document is kept as it is.
   */
  closedObjects?: boolean;
}

/** Keywords whose values are data (examples, defaults, allowed values), never schemas. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/**
 * OpenAPI 3.0's schema dialect as JSON Schema, in place. `nullable: true` adds null to the `type`
 * beside it and to nothing else, as OpenAPI 3.0.3 settles it and validating proxies read it: an
 * `enum` must list null itself, a `$ref` or `allOf` beside it still refuses null, and without a
 * `type` it does nothing. Boolean `exclusiveMinimum`/`exclusiveMaximum` become JSON Schema's
 * numbers. Examples and defaults are data, not schemas.
 */
export function toJsonSchemaDialect(node: unknown, options: DialectOptions = {}): unknown {
  if (Array.isArray(node)) return node.map((n) => toJsonSchemaDialect(n, options));
  if (!node || typeof node !== 'object') return node;
  const schema = node as Record<string, unknown>;
  for (const [key, value] of Object.entries(schema)) {
    if (DATA_KEYWORDS.has(key)) continue;
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      // A map of property names (one may be called `nullable` or `properties`), not a schema.
      for (const [name, property] of Object.entries(value)) (value as Record<string, unknown>)[name] = toJsonSchemaDialect(property, options);
    } else schema[key] = toJsonSchemaDialect(value, options);
  }
  if (options.closedObjects && schema.properties && typeof schema.properties === 'object' && schema.additionalProperties === undefined) {
    schema.additionalProperties = false;
  }
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof schema[flag] === 'boolean') {
      if (schema[flag] && typeof schema[bound] === 'number') {
        schema[flag] = schema[bound];
        delete schema[bound];
      } else delete schema[flag];
    }
  }
  if (typeof schema.nullable === 'boolean') {
    if (schema.nullable && typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    delete schema.nullable;
  }
  return schema;
}

export class OpenApiResponseValidator {
  private readonly document: OpenApiDocument;
  private readonly ajv: Ajv;
  private readonly matchers: PathMatcher[];
  private readonly compiled = new Map<string, ValidateFunction>();

  /** `closedObjects` (default true): see DialectOptions. */
  constructor(document: OpenApiDocument, { closedObjects = true }: DialectOptions = {}) {
    if (!/^3\.0\./.test(document.openapi)) throw new Error(`OpenAPI ${document.openapi}: this validator reads OpenAPI 3.0 documents`);
    const converted = toJsonSchemaDialect(structuredClone(document), { closedObjects }) as OpenApiDocument;
    this.document = converted;
    // strict off: the document carries OpenAPI keywords (`example`, `discriminator`, …) that are
    // annotations to JSON Schema; allErrors: a failure lists every mismatch at once.
    this.ajv = new Ajv({ strict: false, allErrors: true, validateSchema: false });
    addFormats(this.ajv);
    // OpenAPI's own formats: annotations of strings and numbers, nothing to check.
    for (const format of ['binary', 'byte', 'password', 'int32', 'int64', 'float', 'double']) this.ajv.addFormat(format, true);
    this.ajv.addSchema(converted as object, DOCUMENT_ID);
    this.matchers = Object.keys(converted.paths)
      .map((template) => ({
        template,
        pattern: new RegExp(
          `^${template
            .split(/(\{[^}]+\})/)
            .map((part, i, parts) =>
              part.startsWith('{')
                ? // A trailing `{path}` is a wildcard route (`/media/files/*`): it spans segments.
                  i === parts.length - 2 && parts[parts.length - 1] === '' && part === '{path}'
                  ? '(.+)'
                  : '([^/]+)'
                : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
            )
            .join('')}$`,
        ),
        literal: template.replace(/\{[^}]+\}/g, '').length,
      }))
      .sort((a, b) => b.literal - a.literal);
  }

  /** The documented path template a request path falls under, or null. */
  operationPath(path: string): string | null {
    return this.matchers.find((m) => m.pattern.test(path))?.template ?? null;
  }

  /**
   * Why a response does not match the document, or null when it does or when the request is not a
   * documented operation (an unknown route, GraphQL, a preflight…: nothing documented to hold it to).
   */
  check(response: ReceivedResponse): string | null {
    const method = response.method.toLowerCase();
    if (method === 'head' || method === 'options') return null;
    const path = decodePath(response.url);
    const template = this.operationPath(path);
    if (!template) return null;
    const operation = this.document.paths[template][method] as OpenApiOperation | undefined;
    if (!operation || !HTTP_METHODS.has(method)) return null;
    const where = `${method.toUpperCase()} ${path} (${template}) answered ${response.status}`;
    const responses = operation.responses ?? {};
    const status = String(response.status);
    const key = [status, `${status[0]}XX`, 'default'].find((k) => responses[k]);
    if (!key) return `${where}: a status the document does not list for this operation (it lists ${Object.keys(responses).join(', ')})`;
    const content = responses[key].content ?? {};
    const type = mediaType(response.contentType);
    const types = Object.keys(content);
    if (!types.length) return response.empty ? null : `${where} with a body (${type || 'no Content-Type'}): the document gives this response no content`;
    const documented =
      types.find((t) => t === type) ?? types.find((t) => t.endsWith('/*') && type.startsWith(t.slice(0, -1))) ?? types.find((t) => t === '*/*');
    if (!documented) {
      return `${where} ${response.empty ? 'without a body' : `with Content-Type ${type || '(none)'}`}: the document lists ${types.join(', ')} for it`;
    }
    // A file's bytes (an image, a range of it, none) have nothing more to check.
    if (!isJson(documented) || !content[documented].schema) return null;
    if (response.empty) return `${where} without a body: the document gives it a ${documented} body`;
    const validate = this.validator(template, method, key, documented);
    if (validate(response.body)) return null;
    return `${where}: the body does not match the document's schema for it\n${formatErrors(validate.errors ?? [])}\nbody: ${inspect(response.body, { depth: 6, breakLength: 160 })}`;
  }

  private validator(template: string, method: string, status: string, type: string): ValidateFunction {
    const ref = `${DOCUMENT_ID}#/paths/${pointerSegment(template)}/${method}/responses/${status}/content/${pointerSegment(type)}/schema`;
    let validate = this.compiled.get(ref);
    if (!validate) {
      validate = this.ajv.compile({ $ref: ref });
      this.compiled.set(ref, validate);
    }
    return validate;
  }
}

function decodePath(url: string): string {
  const path = new URL(url, 'http://localhost').pathname;
  try {
    return decodeURI(path);
  } catch {
    return path;
  }
}

function formatErrors(errors: ErrorObject[]): string {
  return errors
    .map((e) => {
      const params = Object.entries(e.params)
        .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
        .join(', ');
      return `  ${e.instancePath || '(body)'} ${e.message}${params ? ` (${params})` : ''} [schema ${e.schemaPath}]`;
    })
    .join('\n');
}

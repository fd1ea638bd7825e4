import {
  getNamedType,
  isCompositeType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isScalarType,
  TypeMetaFieldDef,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';

/**
 * The table of client mistakes the GraphQL fuzz sends, built from the schema so that it covers
 * every operation and argument (a new one is fuzzed without editing this file). Deterministic:
 * the same schema gives the same cases in the same order.
 */
export interface FuzzCase {
  name: string;
  request:
    | { method: 'POST'; body: unknown }
    /** Sent as it is, with this content type (null: the header is left out). */
    | { method: 'POST'; raw: string; contentType: string | null }
    | { method: 'GET'; query: Record<string, string>; preflight: boolean };
  /**
   * The codes a refusal may carry, when the request must be refused before anything runs (no
   * `data`); null when it reaches a resolver (a value only the resolver checks), which may answer
   * data or a client error.
   */
  refusedWith: string[] | null;
  /** The HTTP status of the refusal (400 unless said). */
  status?: number;
  /** Anyone may run it (introspection): an anonymous caller is not refused for want of a session. */
  public?: boolean;
}

/** A value the schema's type accepts: what the other arguments get while one is wrong. */
export function sampleValue(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sampleValue(type.ofType);
  if (isListType(type)) return [sampleValue(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0].name;
  if (isInputObjectType(type)) {
    const value: Record<string, unknown> = {};
    for (const field of Object.values(type.getFields()))
      if (isNonNullType(field.type) && field.defaultValue === undefined) value[field.name] = sampleValue(field.type);
    return value;
  }
  const samples: Record<string, unknown> = {
    String: 'x',
    ID: '000000000000000000000000',
    Int: 1,
    Float: 1.5,
    Boolean: true,
    DateTime: '2030-01-01T00:00:00Z',
    JSON: {},
  };
  if (!(type.name in samples)) throw new Error(`The fuzz has no sample for the scalar ${type.name}: add one`);
  return samples[type.name];
}

interface Mistake {
  what: string;
  value: unknown;
  /** The type's coercion lets it through (DateTime, JSON): the resolver is the one to refuse it. */
  reachesResolver: boolean;
}

const wrong = (what: string, value: unknown): Mistake => ({ what, value, reachesResolver: false });

/**
 * Per scalar, the values of other kinds that GraphQL's coercion must refuse. DateTime takes
 * anything here (`new Date(value)`) and lets the resolver answer the REST format message; any JSON
 * value is a JSON, so it has no mistakes of its own.
 */
const SCALAR_MISTAKES: Record<string, Mistake[]> = {
  String: [wrong('an Int', 123), wrong('a Float', 1.5), wrong('a Boolean', true), wrong('an object', { a: 1 }), wrong('a list', ['x'])],
  ID: [wrong('a Boolean', true), wrong('a Float', 1.5), wrong('an object', { id: 'x' }), wrong('a list', ['x'])],
  Int: [wrong('a String', '1'), wrong('a Float', 1.5), wrong('2^31', 2 ** 31), wrong('1e30', 1e30), wrong('a Boolean', true), wrong('an object', {})],
  Float: [wrong('a String', '1.5'), wrong('a Boolean', true), wrong('an object', {}), wrong('a list', [1])],
  Boolean: [wrong('a String', 'true'), wrong('an Int', 1), wrong('an object', {})],
  DateTime: [
    { what: 'a String that is no date', value: 'not a date', reachesResolver: true },
    { what: 'an object', value: {}, reachesResolver: true },
    { what: 'a list', value: ['x'], reachesResolver: true },
  ],
  JSON: [],
};

/** Every mistake for a value of `type`, nested input fields included. */
export function mistakesFor(type: GraphQLInputType): Mistake[] {
  if (isNonNullType(type)) return [wrong('null', null), ...mistakesFor(type.ofType)];
  if (isListType(type)) {
    const items = mistakesFor(type.ofType).filter((m) => !m.reachesResolver);
    const bare = items.find((m) => m.value !== null && typeof m.value !== 'object');
    return [...items.map((m) => wrong(`a list holding ${m.what}`, [m.value])), ...(bare ? [wrong(`${bare.what} instead of a list`, bare.value)] : [])];
  }
  if (isEnumType(type)) return [wrong('an unknown enum value', 'NOT_A_VALUE'), wrong('an Int', 1)];
  if (isInputObjectType(type)) {
    const valid = sampleValue(type) as Record<string, unknown>;
    const fields = Object.values(type.getFields());
    const required = fields.filter((f) => isNonNullType(f.type) && f.defaultValue === undefined);
    return [
      wrong('a String', 'x'),
      wrong('a list', [valid]),
      wrong('an unknown field', { ...valid, notAField: 1 }),
      ...required.map((f) => wrong(`no ${f.name}`, omit(valid, f.name))),
      ...fields.flatMap((f) => mistakesFor(f.type).map((m) => ({ ...m, what: `${f.name}: ${m.what}`, value: { ...valid, [f.name]: m.value } }))),
    ];
  }
  if (!isScalarType(type) || !(type.name in SCALAR_MISTAKES)) throw new Error(`The fuzz has no mistakes for the type ${String(type)}: add them`);
  return SCALAR_MISTAKES[type.name];
}

function omit(value: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _, ...rest } = value;
  return rest;
}

interface RootField {
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

/** Every root field, and `__type` (the introspection field that takes an argument, open to anyone). */
function rootFields(schema: GraphQLSchema): RootField[] {
  const of = (kind: RootField['kind'], type: ReturnType<GraphQLSchema['getQueryType']>) =>
    Object.values(type?.getFields() ?? {}).map((field) => ({ kind, field }));
  return [...of('query', schema.getQueryType()), ...of('mutation', schema.getMutationType()), { kind: 'query', field: TypeMetaFieldDef }];
}

/** `query Fuzz($a: T) { field(a: $a) { __typename } }`: one variable per argument. */
function operationFor({ kind, field }: RootField): string {
  const args = field.args;
  const variables = args.length ? `(${args.map((a) => `$${a.name}: ${String(a.type)}`).join(', ')})` : '';
  const call = args.length ? `(${args.map((a) => `${a.name}: $${a.name}`).join(', ')})` : '';
  const selection = isCompositeType(getNamedType(field.type)) ? ' { __typename }' : '';
  return `${kind} Fuzz${variables} { ${field.name}${call}${selection} }`;
}

const validVariables = (args: readonly GraphQLArgument[]) => Object.fromEntries(args.map((a) => [a.name, sampleValue(a.type)]));

const post = (query: string, variables: Record<string, unknown>, operationName?: unknown): FuzzCase['request'] => ({
  method: 'POST',
  body: { query, variables, ...(operationName !== undefined ? { operationName } : {}) },
});

/** Each argument of each operation given each mistake of its type, the others valid. */
export function wrongVariableCases(schema: GraphQLSchema): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const root of rootFields(schema)) {
    const query = operationFor(root);
    const valid = validVariables(root.field.args);
    for (const arg of root.field.args) {
      for (const mistake of mistakesFor(arg.type)) {
        cases.push({
          name: `${root.field.name}(${arg.name}: ${mistake.what})`,
          request: post(query, { ...valid, [arg.name]: mistake.value }),
          refusedWith: mistake.reachesResolver ? null : ['BAD_USER_INPUT'],
          public: root.field === TypeMetaFieldDef,
        });
      }
    }
  }
  // Directive arguments take variables too.
  for (const directive of ['include', 'skip']) {
    for (const mistake of mistakesFor(schema.getDirective(directive)!.args[0].type)) {
      cases.push({
        name: `@${directive}(if: ${mistake.what})`,
        request: post(`query Fuzz($if: Boolean!) { me @${directive}(if: $if) { id } }`, { if: mistake.value }),
        refusedWith: ['BAD_USER_INPUT'],
      });
    }
    // A nullable variable with a default is allowed where a non-null is expected; an explicit null is not.
    cases.push({
      name: `@${directive}(if: null through a variable with a default)`,
      request: post(`query Fuzz($if: Boolean = true) { me @${directive}(if: $if) { id } }`, { if: null }),
      refusedWith: ['BAD_USER_INPUT'],
    });
  }
  return cases;
}

/** Each required variable left out; and a variable the operation does not declare. */
export function missingAndExtraVariableCases(schema: GraphQLSchema): FuzzCase[] {
  const cases: FuzzCase[] = [];
  for (const root of rootFields(schema)) {
    const query = operationFor(root);
    const valid = validVariables(root.field.args);
    const required = root.field.args.filter((a) => isNonNullType(a.type));
    for (const arg of required) {
      cases.push({
        name: `${root.field.name} without $${arg.name}`,
        request: post(query, omit(valid, arg.name)),
        refusedWith: ['BAD_USER_INPUT'],
        public: root.field === TypeMetaFieldDef,
      });
    }
    // An undeclared variable is ignored (GraphQL's rule): beside a missing one the answer is about the
    // missing one; on a read that needs nothing the read runs.
    if (required.length) {
      cases.push({
        name: `${root.field.name} without $${required[0].name}, with an undeclared variable`,
        request: post(query, { ...omit(valid, required[0].name), notDeclared: { a: 1 } }),
        refusedWith: ['BAD_USER_INPUT'],
        public: root.field === TypeMetaFieldDef,
      });
    } else if (root.kind === 'query') {
      cases.push({ name: `${root.field.name} with an undeclared variable`, request: post(query, { ...valid, notDeclared: 1 }), refusedWith: null });
    }
  }
  return cases;
}

/** Operations Apollo cannot pick, or documents that do not validate. */
export function operationSelectionCases(): FuzzCase[] {
  const me = '{ me { id } }';
  const two = 'query A { me { id } } query B { usage { planName } }';
  const resolution = ['OPERATION_RESOLUTION_FAILURE'];
  return [
    { name: 'an unknown operationName for an unnamed operation', request: post(me, {}, 'Nope'), refusedWith: resolution },
    { name: 'an unknown operationName among named operations', request: post(two, {}, 'Nope'), refusedWith: resolution },
    { name: 'an empty operationName', request: post(two, {}, ''), refusedWith: resolution },
    { name: 'an operationName naming a fragment', request: post('query A { ...F } fragment F on Query { me { id } }', {}, 'F'), refusedWith: resolution },
    { name: 'several named operations and no operationName', request: post(two, {}), refusedWith: resolution },
    { name: 'several operations without a name', request: post(`${me} ${me}`, {}), refusedWith: ['GRAPHQL_VALIDATION_FAILED'] },
    { name: 'an unnamed operation beside a named one', request: post(`${me} query B { me { id } }`, {}, 'B'), refusedWith: ['GRAPHQL_VALIDATION_FAILED'] },
    { name: 'an operationName that is a number', request: post(me, {}, 1), refusedWith: ['BAD_REQUEST'] },
    { name: 'an operationName that is an object', request: post(me, {}, { name: 'A' }), refusedWith: ['BAD_REQUEST'] },
    { name: 'an unknown field', request: post('{ nope }', {}), refusedWith: ['GRAPHQL_VALIDATION_FAILED'] },
    { name: 'an unknown argument', request: post('{ me(nope: 1) { id } }', {}), refusedWith: ['GRAPHQL_VALIDATION_FAILED'] },
    { name: 'a variable of an unknown type', request: post('query Fuzz($a: Nope) { me { id } }', { a: 1 }), refusedWith: ['GRAPHQL_VALIDATION_FAILED'] },
    { name: 'a syntax error', request: post('{ me { id }', {}), refusedWith: ['GRAPHQL_PARSE_FAILED'] },
  ];
}

/** Bodies that are not a GraphQL request: not JSON, not an object, fields of the wrong kind. */
export function malformedBodyCases(): FuzzCase[] {
  const raw = (name: string, text: string, refusedWith = ['BAD_REQUEST'], contentType: string | null = 'application/json', status = 400): FuzzCase => ({
    name,
    request: { method: 'POST', raw: text, contentType },
    refusedWith,
    status,
  });
  const body = (name: string, value: unknown): FuzzCase => ({ name, request: { method: 'POST', body: value }, refusedWith: ['BAD_REQUEST'] });
  const me = '{ me { id } }';
  return [
    raw('a body that is not JSON', '{bad'),
    raw('a truncated JSON body', '{"query": "{ me { id } }"'),
    raw('an empty body', ''),
    raw('a JSON null', 'null'),
    raw('a JSON string', '"{ me { id } }"'),
    raw('a JSON number', '123'),
    raw('an empty batch', '[]'),
    raw('a batch (batching is off)', JSON.stringify([{ query: me }])),
    raw('a JSON object with no keys', '{}'),
    raw('a __proto__ key', `{"query": "${me}", "__proto__": {"admin": true}}`),
    raw(
      'a body over the 10 MB limit',
      JSON.stringify({ query: me, variables: { pad: 'x'.repeat(10 * 1024 * 1024) } }),
      ['BAD_REQUEST'],
      'application/json',
      413,
    ),
    raw('a body nested too deeply', `{"query": "${me}", "variables": {"a": ${'['.repeat(100)}${']'.repeat(100)}}}`),
    raw('JSON sent as text/plain', JSON.stringify({ query: me }), ['BAD_REQUEST'], 'text/plain'),
    raw('a query sent as application/graphql', me, ['BAD_REQUEST'], 'application/graphql', 415),
    raw('a body without a content type', JSON.stringify({ query: me }), ['BAD_REQUEST'], null, 415),
    body('query null', { query: null }),
    body('query a number', { query: 123 }),
    body('query an object', { query: { me: 'id' } }),
    body('query a list', { query: [me] }),
    body('query a Boolean', { query: true }),
    body('query empty', { query: '' }),
    body('variables a string', { query: me, variables: 'x' }),
    body('variables JSON in a string', { query: me, variables: '{"a":1}' }),
    body('variables a number', { query: me, variables: 1 }),
    body('variables a list', { query: me, variables: [1] }),
    body('variables a Boolean', { query: me, variables: true }),
    body('extensions a string', { query: me, extensions: 'x' }),
  ];
}

/** GET requests with parameters Apollo cannot use (GET carries queries only). */
export function badGetCases(): FuzzCase[] {
  const me = '{ me { id } }';
  const get = (name: string, query: Record<string, string>, refusedWith: string[], status = 400, preflight = true): FuzzCase => ({
    name,
    request: { method: 'GET', query, preflight },
    refusedWith,
    status,
  });
  return [
    get('GET without the CSRF preflight header', { query: me }, ['BAD_REQUEST'], 400, false),
    get('GET without a query', {}, ['BAD_REQUEST']),
    get('GET with an empty query', { query: '' }, ['BAD_REQUEST']),
    get('GET with variables that are not JSON', { query: me, variables: '{bad' }, ['BAD_REQUEST']),
    get('GET with variables a JSON list', { query: me, variables: '[1]' }, ['BAD_REQUEST']),
    get('GET with extensions that are not JSON', { query: me, extensions: 'x' }, ['BAD_REQUEST']),
    get('GET with a mutation', { query: 'mutation { revokeSession(id: "x") }' }, ['BAD_REQUEST'], 405),
    get('GET with an unknown operationName', { query: me, operationName: 'Nope' }, ['OPERATION_RESOLUTION_FAILURE']),
    get('GET with a variable of the wrong type', { query: 'query Fuzz($id: ID!) { post(id: $id) { id } }', variables: '{"id":{"a":1}}' }, ['BAD_USER_INPUT']),
    get('GET with a required variable missing', { query: 'query Fuzz($id: ID!) { post(id: $id) { id } }' }, ['BAD_USER_INPUT']),
    get('GET with a syntax error', { query: '{ me {' }, ['GRAPHQL_PARSE_FAILED']),
  ];
}

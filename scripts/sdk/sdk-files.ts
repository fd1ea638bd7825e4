import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';
import { join } from 'node:path';

/** The SDK package (sdk/) and its two generated files. */
export const SDK_DIR = join(__dirname, '..', '..', 'sdk');
/** The served OpenAPI document the SDK was generated from, as the app serves it. */
export const DOCUMENT_FILE = join(SDK_DIR, 'openapi.json');
/** Its TypeScript types (openapi-typescript), which the SDK's client is typed with. */
export const SCHEMA_FILE = join(SDK_DIR, 'src', 'schema.ts');

const HEADER = "// The service's REST API as types, generated from sdk/openapi.json by `npm run sdk:generate` (do not edit by hand).\n\n";

interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  security?: Array<Record<string, unknown>>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, { type?: string; in?: string; name?: string }> };
}

/** The document's text as committed: stable key order as served, two-space indents, a final newline. */
export function documentText(document: unknown): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

/**
 * The document the types are generated from: the served one without the header parameters that
 * carry a credential of the operation's own security scheme (`x-api-key`). The client sends the
 * key itself (`createClient({ apiKey })`), so a caller is never asked for it on every request.
 */
export function typesDocument(served: unknown): Document {
  const document = structuredClone(served) as Document;
  const schemes = document.components?.securitySchemes ?? {};
  for (const operations of Object.values(document.paths)) {
    for (const operation of Object.values(operations)) {
      if (!operation || typeof operation !== 'object' || !Array.isArray(operation.parameters)) continue;
      const credentials = new Set(
        (operation.security ?? [])
          .flatMap((requirement) => Object.keys(requirement))
          .map((name) => schemes[name])
          .filter((scheme) => scheme?.type === 'apiKey' && scheme.in === 'header' && scheme.name)
          .map((scheme) => scheme!.name!.toLowerCase()),
      );
      operation.parameters = operation.parameters.filter((p) => !(p.in === 'header' && credentials.has(p.name.toLowerCase())));
    }
  }
  return document;
}

/** sdk/src/schema.ts's exact text for a served document. */
export async function renderSchema(served: unknown): Promise<string> {
  const nodes = await openapiTS(typesDocument(served) as unknown as OpenAPI3, { silent: true });
  return HEADER + astToString(nodes);
}

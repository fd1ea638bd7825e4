import type { CodegenConfig } from '@graphql-codegen/cli';

// Typed documents for the dashboard: the operations written with `graphql(...)` in web/src are
// checked against the server's schema (schema.gql at the repository root) and typed.
const config: CodegenConfig = {
  schema: 'schema.gql',
  documents: ['web/src/**/*.{ts,tsx}', '!web/src/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'web/src/gql/': {
      preset: 'client',
      presetConfig: { fragmentMasking: false },
      config: {
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { DateTime: 'string' },
      },
    },
  },
};

export default config;

// Lint for the service, its libraries, tests, benchmarks and the dashboard (`npm run lint`, run by CI).
// Formatting is Prettier's job (`npm run format:check`); eslint-config-prettier turns off the rules it owns.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'sdk/dist/**', 'coverage/**', 'data/**', 'web/src/gql/**', 'web/test-results/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      // Unused values are type errors already (noUnusedLocals); `_`-prefixed ones are deliberate.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Decorator-driven classes (Nest modules, DTOs) are empty on purpose.
      '@typescript-eslint/no-extraneous-class': 'off',
      '@typescript-eslint/consistent-type-imports': 'off',
      eqeqeq: ['error', 'always', { null: 'ignore' }],
      'no-console': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    languageOptions: {
      sourceType: 'commonjs',
      globals: { require: 'readonly', module: 'writable', __dirname: 'readonly', process: 'readonly', console: 'readonly' },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests and fake platforms read arbitrary JSON answers; `any` there is a convenience, not a type hole.
    files: ['test/**', '**/*.spec.ts', '**/*.e2e-spec.ts', 'libs/embedded-mongo/test/**', 'web/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/src/**', '**/libs/**'], message: "The service's code reaches the dashboard only as @app/rules (libs/rules)." }] },
      ],
    },
  },
  {
    // The dashboard bundles these rules too: no Node built-ins, and nothing of the app or the dashboard.
    files: ['libs/rules/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*', 'fs', 'path', 'os', 'stream', 'crypto', 'buffer', 'util', 'url', 'events'], message: 'libs/rules runs in the browser too.' },
            { group: ['../**'], message: 'libs/rules stands alone: nothing from src/ or web/.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', 'Buffer', 'process', 'require', '__dirname'],
    },
  },
  {
    // A library stands apart from the app: it imports nothing of the service, its tests or the dashboard.
    files: ['libs/*/src/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(\\.\\./)+(src|test|web)/|^@test/', message: "libs/ stand apart: nothing from the app's src/, test/ or web/." }] },
      ],
    },
  },
  {
    // An example extends the service as an outside team would: through its public entry only.
    files: ['examples/**/*.ts'],
    ignores: ['**/*.e2e-spec.ts', '**/*.fake.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./)+(src|test|libs|web)/|^@test/|^@app/',
              message: "Examples use the service through 'social-post-scheduler' (src/public-api.ts) only.",
            },
          ],
        },
      ],
    },
  },
  {
    // The service never depends on its examples (libs/ and web/src reach nothing outside themselves already).
    files: ['src/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)examples/', message: 'Core never imports the examples.' }] }],
    },
  },
  prettier,
);

// Compiles src/ and libs/ to dist/ with swc (about a second), then builds the dashboard (web/)
// with Vite into dist/dashboard, which the app serves at `/`. Type checking is `npm run typecheck`.
const { execFileSync } = require('node:child_process');
const { rmSync } = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
rmSync(path.join(root, 'dist'), { recursive: true, force: true });
execFileSync(
  process.execPath,
  [
    require.resolve('@swc/cli/bin/swc.js'),
    'src',
    'libs/embedded-mongo/src',
    'libs/rules/src',
    '-d',
    'dist',
    '--config-file',
    '.swcrc',
    '--ignore',
    '**/*.spec.ts',
    '--quiet',
  ],
  { cwd: root, stdio: 'inherit' },
);
execFileSync(
  process.execPath,
  [path.join(path.dirname(require.resolve('vite/package.json')), 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.mts', '--logLevel', 'warn'],
  { cwd: root, stdio: 'inherit' },
);

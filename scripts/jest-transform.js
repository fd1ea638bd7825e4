// Jest transform: our TypeScript through swc (decorators + metadata, as the build does), and the
// ESM-only packages of NestJS 12 and friends converted to CommonJS, because jest on Node 20
// cannot require() ES modules natively (plain Node 20.19+ can, so the app itself needs none of
// this). CommonJS files in node_modules pass through untouched.
const fs = require('node:fs');
const path = require('node:path');
const crypto = require('node:crypto');
const swc = require('@swc/core');

const swcrc = JSON.parse(fs.readFileSync(path.join(__dirname, '..', '.swcrc'), 'utf8'));
delete swcrc.$schema;
// swc wants an absolute base for the @app/* path aliases when not reading .swcrc itself.
swcrc.jsc.baseUrl = path.resolve(__dirname, '..');
const VERSION = '2';

const packageTypeCache = new Map();
function packageType(dir) {
  if (packageTypeCache.has(dir)) return packageTypeCache.get(dir);
  let type = 'commonjs';
  const file = path.join(dir, 'package.json');
  if (fs.existsSync(file)) {
    try {
      type = JSON.parse(fs.readFileSync(file, 'utf8')).type || 'commonjs';
    } catch {
      type = 'commonjs';
    }
  } else {
    const parent = path.dirname(dir);
    type = parent === dir ? 'commonjs' : packageType(parent);
  }
  packageTypeCache.set(dir, type);
  return type;
}

function isEsmDependency(filename) {
  if (filename.endsWith('.mjs')) return true;
  if (filename.endsWith('.cjs')) return false;
  return packageType(path.dirname(filename)) === 'module';
}

function esmToCommonJs(source, filename) {
  const patched = source
    // `const require = createRequire(import.meta.url)` would redeclare CommonJS's own require.
    .replace(/^\s*const require = createRequire\(import\.meta\.url\);?\s*$/gm, '')
    .replace(/import\.meta\.url/g, "require('node:url').pathToFileURL(__filename).href")
    .replace(/import\.meta\.dirname/g, '__dirname')
    .replace(/import\.meta\.filename/g, '__filename');
  return swc.transformSync(patched, {
    filename,
    swcrc: false,
    sourceMaps: 'inline',
    module: { type: 'commonjs', ignoreDynamic: false },
    jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
  });
}

function dynamicImportToRequire(source, filename) {
  return swc.transformSync(source, {
    filename,
    swcrc: false,
    sourceMaps: 'inline',
    module: { type: 'commonjs', ignoreDynamic: false, strictMode: false },
    jsc: { target: 'es2022', parser: { syntax: 'ecmascript' } },
  });
}

module.exports = {
  process(source, filename) {
    if (filename.includes(`${path.sep}node_modules${path.sep}`)) {
      if (isEsmDependency(filename)) return esmToCommonJs(source, filename);
      // CommonJS that loads modules with import() (e.g. @fastify/cookie) needs it as require().
      return /\bimport\(/.test(source) ? dynamicImportToRequire(source, filename) : { code: source };
    }
    return swc.transformSync(source, { ...swcrc, filename, swcrc: false, sourceMaps: 'inline' });
  },
  getCacheKey(source, filename) {
    return crypto.createHash('sha1').update(VERSION).update(JSON.stringify(swcrc)).update(filename).update(source).digest('hex');
  },
};

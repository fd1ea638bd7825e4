// One jest run, three projects: unit specs beside the code, the embedded database's own suite,
// and the e2e suites in test/ that boot the real app against a fresh database.
const fs = require('node:fs');
const swcrc = JSON.parse(fs.readFileSync(`${__dirname}/.swcrc`, 'utf8'));
delete swcrc.$schema;

const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  transform: { '^.+\\.ts$': ['@swc/jest', { ...swcrc, swcrc: false, sourceMaps: 'inline' }] },
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@app/embedded-mongo(|/.*)$': '<rootDir>/libs/embedded-mongo/src$1',
    '^@app/testing(|/.*)$': '<rootDir>/libs/testing/src$1',
  },
};

module.exports = {
  testTimeout: 60000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...shared, displayName: 'libs', testMatch: ['<rootDir>/libs/**/*.spec.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
  ],
};

// One jest run, three projects: unit specs beside the code, the embedded database's own suite,
// and the e2e suites in test/ that boot the real app against a fresh database.
const shared = {
  rootDir: __dirname,
  testEnvironment: 'node',
  // TypeScript via swc, and the ESM-only dependencies (NestJS 12, Apollo, …) to CommonJS.
  transform: { '^.+\\.(ts|js|mjs)$': '<rootDir>/scripts/jest-transform.js' },
  transformIgnorePatterns: [],
  moduleFileExtensions: ['ts', 'js', 'json'],
  moduleNameMapper: {
    '^@app/embedded-mongo(|/.*)$': '<rootDir>/libs/embedded-mongo/src$1',
    '^@app/rules$': '<rootDir>/libs/rules/src',
    '^@test/support(|/.*)$': '<rootDir>/test/support$1',
  },
};

module.exports = {
  testTimeout: 60000,
  // One suite per core. Jest's default leaves a core free (one worker on a 2-core machine, which
  // then ran the suites one after another at about one core's use: 645 s, against 372 s with two
  // workers). Every suite has its own database, data directory and ports, so suites never share state.
  maxWorkers: '100%',
  // A worker whose heap has grown past this after a suite is replaced by a fresh one: each suite
  // loads the app's modules anew, and a worker kept what earlier suites left behind (after ~100
  // suites each of the two held 0.8–1.2 GB of heap, 2.2 GB resident; with the limit, at most 1.5 GB).
  workerIdleMemoryLimit: '700MB',
  // How long a worker may take to end once its suites are done, before jest kills it and prints "A
  // worker process has failed to exit gracefully". Nothing is left open then (measured: only the
  // worker's stdio and IPC pipes; its 'exit' event fires within 1–2 ms), but Node's teardown of a
  // worker's heap took 467–678 ms on the 2-core machine, past jest's default of 500 ms.
  workerGracefulExitTimeout: 5000,
  projects: [
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts'] },
    { ...shared, displayName: 'libs', testMatch: ['<rootDir>/libs/**/*.spec.ts'] },
    { ...shared, displayName: 'e2e', testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] },
  ],
};

// One jest run, five projects: unit specs beside the code, the embedded database's own suite, and
// the e2e suites in test/ that boot the real app against a fresh database, twice: on the embedded
// database each app starts itself (e2e), and on a database server of its own process shared by
// every suite, each suite in its own database, as a deployment of several instances runs (e2e-external);
// and the extension examples (examples).
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
    // What an embedding application imports (src/public-api.ts): the examples use nothing else.
    '^social-post-scheduler$': '<rootDir>/src/public-api.ts',
  },
};

// Suites that run in one of the two e2e projects only: the rest run in both.
const EMBEDDED_ONLY = [
  // The app as its own process with MONGODB_URI emptied: they test the embedded database the app
  // starts, and would run exactly the same way in the other project.
  'test/foundation/startup.e2e-spec.ts',
  'test/foundation/durability.e2e-spec.ts',
  'test/foundation/shutdown.e2e-spec.ts',
];
const EXTERNAL_ONLY = [
  // Several app instances on one database: only an external database is shared by instances (the
  // embedded one belongs to the app that started it).
  'test/foundation/two-instances.e2e-spec.ts',
  'test/publishing/two-instances.e2e-spec.ts',
  'test/queue/queue-two-instances.e2e-spec.ts',
  // The app as its own process given the URI of a database the suite opened: an external database
  // to the app in either project, so the same run twice.
  'test/publishing/kill-restart.e2e-spec.ts',
];
const paths = (files) => files.map((f) => `<rootDir>/${f}`);

const e2e = { ...shared, testMatch: ['<rootDir>/test/**/*.e2e-spec.ts'] };

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
    // The SDK's own helpers (sdk/) with the unit specs: they need no app.
    { ...shared, displayName: 'unit', testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/sdk/src/**/*.spec.ts'] },
    { ...shared, displayName: 'libs', testMatch: ['<rootDir>/libs/**/*.spec.ts'] },
    {
      ...e2e,
      displayName: 'e2e',
      setupFiles: ['<rootDir>/test/jest/use-embedded-database.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...paths(EXTERNAL_ONLY)],
    },
    {
      // The extension examples (examples/), each booting the service with its extension.
      ...shared,
      displayName: 'examples',
      testMatch: ['<rootDir>/examples/**/*.e2e-spec.ts'],
      setupFiles: ['<rootDir>/test/jest/use-embedded-database.ts'],
    },
    {
      ...e2e,
      displayName: 'e2e-external',
      globalSetup: '<rootDir>/test/jest/external-database.global-setup.ts',
      globalTeardown: '<rootDir>/test/jest/external-database.global-teardown.ts',
      setupFiles: ['<rootDir>/test/jest/use-external-database.ts'],
      testPathIgnorePatterns: ['/node_modules/', ...paths(EMBEDDED_ONLY)],
    },
  ],
};

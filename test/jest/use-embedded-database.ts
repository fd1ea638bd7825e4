// Setup file of the e2e project: its suites always start their own embedded database; an
// external one (MONGODB_URI) is the e2e-external project's.
delete process.env.MONGODB_URI;

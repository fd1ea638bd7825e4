// Setup file of the e2e-external project: its suites run against the database its global setup
// started (test/support/test-app.ts gives each suite its own database there).
import { EXTERNAL_DATABASE_URI } from './external-database';

const uri = process.env[EXTERNAL_DATABASE_URI];
if (!uri) throw new Error(`${EXTERNAL_DATABASE_URI} is unset: run the e2e-external suites through jest.config.js, whose global setup starts the database`);
process.env.MONGODB_URI = uri;

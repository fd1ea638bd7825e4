import type { Environment } from './environment';
import type { DatabaseInfo } from '../database/database-info';

/** What the service is started with: its validated environment and the database it opened. */
export interface ServiceOptions {
  environment: Environment;
  database: DatabaseInfo;
}

/** Injection token of the ServiceOptions (AppModule.forRoot / forRootAsync). */
export const SERVICE_OPTIONS = Symbol('SERVICE_OPTIONS');

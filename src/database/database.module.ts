import { DynamicModule, Global, Logger, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { installActiveSessions } from './active-sessions';
import { DATABASE_INFO, type DatabaseInfo } from './database-info';
import { SERVICE_OPTIONS, type ServiceOptions } from '../config/service-options';
import { Transactions } from './transactions';

/** Mongoose on the URI opened by `openDatabase` (embedded server or MONGODB_URI). */
@Global()
@Module({})
export class DatabaseModule {
  static forRoot(): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        MongooseModule.forRootAsync({
          inject: [SERVICE_OPTIONS],
          useFactory: ({ database, environment }: ServiceOptions) => ({
            uri: database.uri,
            // Indexes are declared on the schemas and built at start-up, on both databases.
            autoIndex: true,
            serverSelectionTimeoutMS: 10_000,
            // Command events feed the database latency metric; off without metrics (they cost a little).
            monitorCommands: environment.METRICS_ENABLED,
            connectionFactory: (connection: Connection) => {
              if (!installActiveSessions(connection.getClient())) {
                new Logger('Database').warn(
                  'The MongoDB driver keeps its sessions in no Set this app can replace: they stay in its own registry (see active-sessions.ts)',
                );
              }
              return connection;
            },
          }),
        }),
      ],
      providers: [{ provide: DATABASE_INFO, inject: [SERVICE_OPTIONS], useFactory: (o: ServiceOptions): DatabaseInfo => o.database }, Transactions],
      exports: [DATABASE_INFO, Transactions],
    };
  }
}

import { Global, Injectable, Module } from '@nestjs/common';
import { loadEnvironment, openDatabase, type DatabaseServer, type Environment, type ServiceOptions } from 'social-post-scheduler';

/**
 * The embedding application's own configuration (its `ACME_` variables), from which it derives
 * the scheduling service's: where its data lives, which port, which database.
 */
@Injectable()
export class AcmeSettings {
  readonly serviceEnvironment: Environment;
  readonly teamName: string;
  private database: Promise<DatabaseServer> | undefined;

  constructor(env: NodeJS.ProcessEnv = process.env) {
    this.teamName = env.ACME_TEAM_NAME ?? 'Acme';
    this.serviceEnvironment = loadEnvironment(env, {
      DATA_DIR: env.ACME_DATA_DIR ?? './data/acme',
      PORT: env.ACME_PORT ?? '4000',
      MONGODB_URI: env.ACME_MONGODB_URI ?? '',
      // Acme makes its own users: no demo account.
      DEMO_ACCOUNT: env.DEMO_ACCOUNT ?? 'false',
    });
  }

  /** What AppModule.forRootAsync needs; opens the database (the embedded one unless ACME_MONGODB_URI). */
  async serviceOptions(): Promise<ServiceOptions> {
    this.database ??= openDatabase(this.serviceEnvironment);
    const db = await this.database;
    return { environment: this.serviceEnvironment, database: { uri: db.uri, embedded: db.embedded, writeVersion: db.writeVersion } };
  }

  /** Stops the database, after the application has closed. */
  async stopDatabase(): Promise<void> {
    await (await this.database)?.stop();
  }
}

@Global()
@Module({ providers: [{ provide: AcmeSettings, useFactory: () => new AcmeSettings() }], exports: [AcmeSettings] })
export class AcmeSettingsModule {}

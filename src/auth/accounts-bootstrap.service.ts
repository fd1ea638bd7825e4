import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config.service';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database.module';
import { ApiKeysService } from './api-keys.service';
import { UsersService } from './users.service';

export const DEMO_EMAIL = 'demo@example.com';

/**
 * Start-up accounts: the bootstrap admin (BOOTSTRAP_ADMIN_EMAIL/PASSWORD: created, or made admin
 * keeping its password), else — first run on an empty embedded database with DEMO_ACCOUNT and not
 * production — a demo admin on Pro with one API key, printed once.
 */
@Injectable()
export class AccountsBootstrapService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Accounts');

  constructor(
    private readonly config: AppConfig,
    @Inject(DATABASE_INFO) private readonly database: DatabaseInfo,
    private readonly users: UsersService,
    private readonly apiKeys: ApiKeysService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const { BOOTSTRAP_ADMIN_EMAIL: email, BOOTSTRAP_ADMIN_PASSWORD: password, DEMO_ACCOUNT } = this.config.env;
    if (email && password) {
      const { created, user } = await this.users.ensureAdmin(email, password);
      this.logger.log(
        created
          ? `Bootstrap admin ${user.email} created`
          : `Bootstrap admin ${user.email} already exists (admin rights ensured; password unchanged)`,
      );
      return;
    }
    if (DEMO_ACCOUNT && !this.config.isProduction && this.database.embedded && (await this.users.count()) === 0) {
      await this.createDemoAccount();
    }
  }

  private async createDemoAccount(): Promise<void> {
    const password = randomBytes(12).toString('base64url');
    const user = await this.users.create({ email: DEMO_EMAIL, password, plan: 'pro', isAdmin: true, workspacesEnabled: true });
    const key = await this.apiKeys.issue(user.id, 'Demo key');
    const base = this.config.publicBaseUrl;
    this.logger.warn(
      [
        '',
        '================================ DEMO ACCOUNT ================================',
        ' First run on an empty embedded database: a demo admin (Pro plan) was created.',
        ' These credentials are shown only this once.',
        `   Dashboard login : ${DEMO_EMAIL}`,
        `   Password        : ${password}`,
        `   API key         : ${key.rawKey}`,
        ` Try it:  curl -H "x-api-key: ${key.rawKey}" ${base}/api/v1/platform-connections`,
        ' Turn this off with DEMO_ACCOUNT=false; it never happens in production.',
        '==============================================================================',
      ].join('\n'),
    );
  }
}

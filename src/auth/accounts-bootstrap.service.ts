import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { AppConfig } from '../config/app-config.service';
import { DATABASE_INFO, type DatabaseInfo } from '../database/database-info';
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
  private demoCredentials: { password: string; apiKey: string } | null = null;

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
        created ? `Bootstrap admin ${user.email} created` : `Bootstrap admin ${user.email} already exists (admin rights ensured; password unchanged)`,
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
    this.demoCredentials = { password, apiKey: key.rawKey };
    // The log gets no secret; the credentials go to the terminal once, in the banner.
    this.logger.warn(`Demo account ${DEMO_EMAIL} created (admin, Pro plan); its password and API key are printed once below`);
  }

  /**
   * The first-run banner, as plain lines for a person at the terminal, with the address the
   * service really listens on; null when no demo account was created. Returns it only once.
   */
  firstRunBanner(baseUrl: string): string | null {
    const credentials = this.demoCredentials;
    if (!credentials) return null;
    this.demoCredentials = null;
    const base = (this.config.env.PUBLIC_BASE_URL ?? baseUrl).replace(/\/+$/, '');
    return [
      '',
      '================================ DEMO ACCOUNT ================================',
      ' First run on an empty embedded database: a demo admin (Pro plan) was created.',
      ' These credentials are shown only this once.',
      `   Dashboard login : ${DEMO_EMAIL}`,
      `   Password        : ${credentials.password}`,
      `   API key         : ${credentials.apiKey}`,
      ` Try it:  curl -H "x-api-key: ${credentials.apiKey}" ${base}/api/v1/platform-connections`,
      ' Turn this off with DEMO_ACCOUNT=false; it never happens in production.',
      '==============================================================================',
      '',
    ].join('\n');
  }
}

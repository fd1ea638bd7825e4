import { Logger } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeKey, Environment } from './environment';

interface GeneratedSecrets {
  sessionSecret: string;
  encryptionKey: string;
}

/**
 * Typed, resolved view of the validated environment. Everything derived (absolute data dir,
 * public base URL, generated development secrets) is computed once here.
 */
/** Provided by AppConfigModule (a factory of the service's options, so not constructed by injection). */
export class AppConfig {
  private readonly logger = new Logger(AppConfig.name);
  readonly env: Environment;
  readonly dataDir: string;
  readonly publicBaseUrl: string;
  /** CORS_ORIGINS as a list: the dashboard origins allowed to call with credentials. */
  readonly corsOrigins: string[];
  readonly sessionSecret: string;
  readonly encryptionKey: Buffer;

  constructor(environment: Environment) {
    this.env = environment;
    this.dataDir = resolve(this.env.DATA_DIR);
    this.publicBaseUrl = (this.env.PUBLIC_BASE_URL ?? `http://localhost:${this.env.PORT}`).replace(/\/+$/, '');
    this.corsOrigins = this.env.CORS_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean);
    const generated = this.env.SESSION_SECRET && this.env.ENCRYPTION_KEY ? null : this.loadOrCreateSecrets();
    this.sessionSecret = this.env.SESSION_SECRET ?? generated!.sessionSecret;
    this.encryptionKey = decodeKey(this.env.ENCRYPTION_KEY ?? generated!.encryptionKey)!;
  }

  get isProduction(): boolean {
    return this.env.NODE_ENV === 'production';
  }

  get usesEmbeddedDatabase(): boolean {
    return !this.env.MONGODB_URI;
  }

  /**
   * Outside production, missing secrets are generated once and kept under DATA_DIR so sessions
   * and encrypted tokens survive restarts. Production refuses to start without them (validated).
   */
  private loadOrCreateSecrets(): GeneratedSecrets {
    const file = join(this.dataDir, 'secrets.json');
    if (existsSync(file)) {
      return JSON.parse(readFileSync(file, 'utf8')) as GeneratedSecrets;
    }
    mkdirSync(this.dataDir, { recursive: true });
    const secrets: GeneratedSecrets = {
      sessionSecret: randomBytes(32).toString('hex'),
      encryptionKey: randomBytes(32).toString('hex'),
    };
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600 });
    this.logger.warn(`SESSION_SECRET and/or ENCRYPTION_KEY not set: generated development secrets in ${file}. Set both in production.`);
    return secrets;
  }
}

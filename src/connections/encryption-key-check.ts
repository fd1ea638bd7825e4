import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { createHmac } from 'node:crypto';
import { AppConfig } from '../config/app-config.service';
import { ConfigurationError } from '../config/environment';
import { InstanceSettingsRepository } from './instance-settings.repository';

const CHECK_ID = 'encryption-key-check';

/** A value only the right key produces; the key itself is never stored. */
export function keyCheckValue(key: Buffer): string {
  return createHmac('sha256', key).update('social-post-scheduler encryption key check v1').digest('hex');
}

/**
 * Platform tokens and webhook secrets are encrypted with ENCRYPTION_KEY. The first start on a
 * database records a check value of the key (collection `instance_settings`); an instance
 * started later with another key refuses to start, naming the variable, instead of failing every
 * publish with tokens it cannot read.
 */
@Injectable()
export class EncryptionKeyCheck implements OnModuleInit {
  private readonly logger = new Logger('EncryptionKeyCheck');

  constructor(
    private readonly config: AppConfig,
    private readonly settings: InstanceSettingsRepository,
  ) {}

  async onModuleInit(): Promise<void> {
    const value = keyCheckValue(this.config.encryptionKey);
    if ((await this.settings.valueOnce(CHECK_ID, value)) !== value) {
      throw new ConfigurationError(
        'Invalid configuration:\nENCRYPTION_KEY: not the key this database was set up with, so its platform tokens and webhook secrets cannot be decrypted. Start with the original key (a generated one is in DATA_DIR/secrets.json of the first instance).',
      );
    }
    this.logger.debug('ENCRYPTION_KEY matches the database');
  }
}

import { Global, Module } from '@nestjs/common';
import { AppConfig } from '../config/app-config.service';
import { TokenCipher } from './token-cipher';

/**
 * The one TokenCipher of the app, keyed with ENCRYPTION_KEY: platform tokens, webhook secrets and
 * stored MCP results are all sealed with it. Global, like the configuration it is built from.
 */
@Global()
@Module({
  providers: [{ provide: TokenCipher, useFactory: (config: AppConfig) => new TokenCipher(config.encryptionKey), inject: [AppConfig] }],
  exports: [TokenCipher],
})
export class CryptoModule {}

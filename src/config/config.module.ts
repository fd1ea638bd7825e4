import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { AppConfig } from './app-config.service';
import { Environment } from './environment';

/**
 * The environment is validated before Nest starts (see `loadEnvironment`), so a bad value stops
 * start-up before anything opens; this module serves the validated values through ConfigService
 * and the typed AppConfig.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(environment: Environment): DynamicModule {
    return {
      module: AppConfigModule,
      imports: [
        ConfigModule.forRoot({
          isGlobal: true,
          ignoreEnvFile: true,
          ignoreEnvVars: true,
          load: [() => ({ environment })],
        }),
      ],
      providers: [AppConfig],
      exports: [AppConfig],
    };
  }
}

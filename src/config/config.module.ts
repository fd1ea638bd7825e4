import { DynamicModule, Global, Module, type Provider } from '@nestjs/common';
import { AppConfig } from './app-config.service';
import { SERVICE_OPTIONS, type ServiceOptions } from './service-options';

/**
 * The environment is validated before Nest starts (see `loadEnvironment`), so a bad value stops
 * start-up before anything opens; this module serves the service's options (SERVICE_OPTIONS,
 * from a value or an embedding app's factory) and the typed AppConfig derived from them.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(options: Provider<ServiceOptions> & { provide: typeof SERVICE_OPTIONS }, imports: DynamicModule['imports'] = []): DynamicModule {
    return {
      module: AppConfigModule,
      imports,
      providers: [options, { provide: AppConfig, inject: [SERVICE_OPTIONS], useFactory: (o: ServiceOptions) => new AppConfig(o.environment) }],
      exports: [SERVICE_OPTIONS, AppConfig],
    };
  }
}

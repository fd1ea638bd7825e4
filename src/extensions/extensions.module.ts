import { DynamicModule, Global, Module, type InjectionToken, type Provider } from '@nestjs/common';
import { PLATFORM_NAMES } from '@app/rules';
import { API_STRATEGIES } from '../auth/guards/passport';
import { PLUGIN_CONNECT_PROVIDERS } from '../connect/providers/connect-provider';
import { CUSTOM_MAIL_TRANSPORT } from '../limits/mail-transport';
import { BUILT_IN_PLANS, PLAN_TABLE } from '../limits/plans';
import { CUSTOM_STORAGE_DRIVER } from '../media/storage/storage-driver';
import { PLUGIN_ADAPTERS } from '../platforms/platform-registry';
import { POST_CHECKS } from '../posts/post-checks';
import { pluginProblem, type PlatformPlugin } from './platform-plugin';
import { extensionProvider, type ExtensionProvider, type ServiceExtensions } from './service-extensions';

/** The embedding app's platform plugins, checked (the owning modules take their parts). */
const PLATFORM_PLUGINS = Symbol('PLATFORM_PLUGINS');

/**
 * One token for a list of extensions: each item gets a provider of its own (so each may be a
 * class with dependencies), and the list token collects them in order.
 */
function listProviders<T>(token: symbol, items: readonly ExtensionProvider<T>[] = []): Provider[] {
  const itemTokens: InjectionToken[] = items.map((_, i) => Symbol(`${token.description}[${i}]`));
  return [...items.map((item, i) => extensionProvider(itemTokens[i], item)), { provide: token, inject: itemTokens, useFactory: (...values: T[]) => values }];
}

const singleProvider = <T>(token: symbol, extension: ExtensionProvider<T> | undefined): Provider =>
  extension ? extensionProvider(token, extension) : { provide: token, useValue: null };

/**
 * The extension points, from `AppModule.forRoot({ extensions })`: each token (declared by the
 * module that reads it) holds the embedding app's provider, or the built-in default (null where
 * the owning module falls back to its own). Global, so the owning modules inject them without
 * importing this module.
 */
@Global()
@Module({})
export class ExtensionsModule {
  static forRoot(extensions: ServiceExtensions = {}): DynamicModule {
    return {
      module: ExtensionsModule,
      imports: extensions.imports ?? [],
      providers: [
        ...listProviders(PLATFORM_PLUGINS, extensions.platforms),
        {
          provide: PLUGIN_ADAPTERS,
          inject: [PLATFORM_PLUGINS],
          useFactory: (plugins: PlatformPlugin[]) => {
            const problem = pluginProblem(plugins, PLATFORM_NAMES);
            if (problem) throw new Error(problem);
            return plugins.map((p) => p.adapter);
          },
        },
        { provide: PLUGIN_CONNECT_PROVIDERS, inject: [PLATFORM_PLUGINS], useFactory: (plugins: PlatformPlugin[]) => plugins.map((p) => p.connect) },
        ...listProviders(POST_CHECKS, extensions.postChecks),
        singleProvider(CUSTOM_STORAGE_DRIVER, extensions.storage),
        singleProvider(CUSTOM_MAIL_TRANSPORT, extensions.mail),
        extensionProvider(PLAN_TABLE, extensions.plans ?? { useValue: BUILT_IN_PLANS }),
        { provide: API_STRATEGIES, useValue: [...(extensions.apiStrategies ?? [])] },
      ],
      exports: [PLUGIN_ADAPTERS, PLUGIN_CONNECT_PROVIDERS, POST_CHECKS, CUSTOM_STORAGE_DRIVER, CUSTOM_MAIL_TRANSPORT, PLAN_TABLE, API_STRATEGIES],
    };
  }
}

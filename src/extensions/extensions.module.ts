import { DynamicModule, Global, Module, type InjectionToken, type Provider } from '@nestjs/common';
import { BUILT_IN_PLANS } from '../limits/plans';
import { API_STRATEGIES, EXTENSION_MAIL_TRANSPORT, EXTENSION_STORAGE_DRIVER, PLAN_TABLE, PLATFORM_PLUGINS, POST_CHECKS } from './extension-tokens';
import { LifecycleEvents } from './lifecycle-events';
import { extensionProvider, type ExtensionProvider, type ServiceExtensions } from './service-extensions';

/**
 * One token for a list of extensions: each item gets a provider of its own (so each may be a
 * class with dependencies), and the list token collects them in order.
 */
function listProviders<T>(token: symbol, items: readonly ExtensionProvider<T>[] = []): Provider[] {
  const itemTokens: InjectionToken[] = items.map((_, i) => Symbol(`${token.description}[${i}]`));
  return [...items.map((item, i) => extensionProvider(itemTokens[i], item)), { provide: token, inject: itemTokens, useFactory: (...values: T[]) => values }];
}

/**
 * The extension points' tokens, from `AppModule.forRoot({ extensions })`: each holds the embedding
 * app's provider, or the built-in default (null where the owning module falls back to its own).
 * Global, so the owning modules inject them without importing this module.
 */
@Global()
@Module({})
export class ExtensionsModule {
  static forRoot(extensions: ServiceExtensions = {}): DynamicModule {
    const tokens = [PLATFORM_PLUGINS, EXTENSION_STORAGE_DRIVER, EXTENSION_MAIL_TRANSPORT, PLAN_TABLE, POST_CHECKS, API_STRATEGIES];
    return {
      module: ExtensionsModule,
      imports: extensions.imports ?? [],
      providers: [
        ...listProviders(PLATFORM_PLUGINS, extensions.platforms),
        ...listProviders(POST_CHECKS, extensions.postChecks),
        extensions.storage ? extensionProvider(EXTENSION_STORAGE_DRIVER, extensions.storage) : { provide: EXTENSION_STORAGE_DRIVER, useValue: null },
        extensions.mail ? extensionProvider(EXTENSION_MAIL_TRANSPORT, extensions.mail) : { provide: EXTENSION_MAIL_TRANSPORT, useValue: null },
        extensionProvider(PLAN_TABLE, extensions.plans ?? { useValue: BUILT_IN_PLANS }),
        { provide: API_STRATEGIES, useValue: [...(extensions.apiStrategies ?? [])] },
        LifecycleEvents,
      ],
      exports: [...tokens, LifecycleEvents],
    };
  }
}

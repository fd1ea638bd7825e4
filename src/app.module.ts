import { DynamicModule, Module, type InjectionToken, type ModuleMetadata, type Provider } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AnalyticsModule } from './analytics/analytics.module';
import { LinkedInSocialModule } from './linkedin-social/linkedin-social.module';
import { AuthModule } from './auth/auth.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { AppConfigModule } from './config/config.module';
import { CryptoModule } from './crypto/crypto.module';
import { SERVICE_OPTIONS, type ServiceOptions } from './config/service-options';
import { ExtensionsModule } from './extensions/extensions.module';
import { LifecycleModule } from './lifecycle/lifecycle.module';
import type { ServiceExtensions } from './extensions/service-extensions';
import { ConnectModule } from './connect/connect.module';
import { ConnectionsModule } from './connections/connections.module';
import { MetricsModule } from './metrics/metrics.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { WorkspaceModule } from './workspace/workspace.module';
import { TeamsModule } from './teams/teams.module';
import { ApprovalsModule } from './approvals/approvals.module';
import { AuditModule } from './audit/audit.module';
import { ReviewsModule } from './reviews/reviews.module';
import { DatabaseModule } from './database/database.module';
import { AppGraphQLModule } from './graphql/graphql.module';
import { HealthModule } from './health/health.module';
import { LimitsModule } from './limits/limits.module';
import { MediaModule } from './media/media.module';
import { McpModule } from './mcp/mcp.module';
import { PostsModule } from './posts/posts.module';
import { PublishingModule } from './publishing/publishing.module';
import { QueueModule } from './queue/queue.module';
import { RecoveryModule } from './recovery/recovery.module';
import { EngagementModule } from './engagement/engagement.module';
import { BulkModule } from './bulk/bulk.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { AppLogger, loggerOptions } from './logging';

export interface AppModuleOptions extends ServiceOptions {
  /** What an embedding application adds (docs/extending.md). */
  extensions?: ServiceExtensions;
  /** Extra modules, for test- and benchmark-only routes (never set by main.ts). */
  imports?: ModuleMetadata['imports'];
}

export interface AppModuleAsyncOptions {
  /** Modules the factory's injected providers come from (an embedding app's configuration). */
  imports?: ModuleMetadata['imports'];
  inject?: InjectionToken[];
  /** The service's environment (`loadEnvironment`) and the database it runs on (`openDatabase`). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  useFactory: (...args: any[]) => ServiceOptions | Promise<ServiceOptions>;
  extensions?: ServiceExtensions;
}

/**
 * The whole service as one module. `forRoot` takes the options as values (main.ts, tests);
 * `forRootAsync` takes a factory, for an application that imports the service beside its own
 * modules and builds the options from its own configuration (docs/extending.md).
 */
@Module({})
export class AppModule {
  static forRoot({ environment, database, extensions, imports }: AppModuleOptions): DynamicModule {
    return AppModule.build({ provide: SERVICE_OPTIONS, useValue: { environment, database } }, [], extensions, imports);
  }

  static forRootAsync({ imports, inject = [], useFactory, extensions }: AppModuleAsyncOptions): DynamicModule {
    return AppModule.build({ provide: SERVICE_OPTIONS, inject, useFactory }, imports, extensions);
  }

  private static build(
    options: Provider<ServiceOptions> & { provide: typeof SERVICE_OPTIONS },
    optionImports: ModuleMetadata['imports'] = [],
    extensions: ServiceExtensions = {},
    imports: ModuleMetadata['imports'] = [],
  ): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(options, optionImports),
        ExtensionsModule.forRoot(extensions),
        CryptoModule,
        LoggerModule.forRootAsync({ inject: [SERVICE_OPTIONS], useFactory: (o: ServiceOptions) => loggerOptions(o.environment) }),
        DatabaseModule.forRoot(),
        LifecycleModule,
        MetricsModule,
        RateLimitModule,
        HealthModule,
        AuthModule,
        AuditModule,
        LimitsModule,
        ConnectionsModule,
        ConnectModule,
        PostsModule,
        MediaModule,
        WebhooksModule,
        PublishingModule,
        QueueModule,
        RecoveryModule,
        EngagementModule,
        BulkModule,
        AnalyticsModule,
        LinkedInSocialModule,
        WorkspaceModule,
        TeamsModule,
        ApprovalsModule,
        ReviewsModule,
        McpModule,
        AppGraphQLModule,
        ...imports,
      ],
      providers: [AppLogger, { provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}

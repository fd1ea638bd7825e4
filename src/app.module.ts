import { DynamicModule, Module, type ModuleMetadata } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { LoggerModule } from 'nestjs-pino';
import { AnalyticsModule } from './analytics/analytics.module';
import { AuthModule } from './auth/auth.module';
import { ApiExceptionFilter } from './common/api-exception.filter';
import { AppConfigModule } from './config/config.module';
import { CryptoModule } from './crypto/crypto.module';
import type { Environment } from './config/environment';
import { ConnectModule } from './connect/connect.module';
import { ConnectionsModule } from './connections/connections.module';
import { MetricsModule } from './metrics/metrics.module';
import { RateLimitModule } from './rate-limit/rate-limit.module';
import { WorkspaceModule } from './workspace/workspace.module';
import type { DatabaseInfo } from './database/database-info';
import { DatabaseModule } from './database/database.module';
import { AppGraphQLModule } from './graphql/graphql.module';
import { HealthModule } from './health/health.module';
import { LimitsModule } from './limits/limits.module';
import { MediaModule } from './media/media.module';
import { McpModule } from './mcp/mcp.module';
import { PostsModule } from './posts/posts.module';
import { PublishingModule } from './publishing/publishing.module';
import { WebhooksModule } from './webhooks/webhooks.module';
import { AppLogger, loggerOptions } from './logging';

export interface AppModuleOptions {
  environment: Environment;
  database: DatabaseInfo;
  /** Extra modules, for test- and benchmark-only routes (never set by main.ts). */
  imports?: ModuleMetadata['imports'];
}

@Module({})
export class AppModule {
  static forRoot({ environment, database, imports = [] }: AppModuleOptions): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.forRoot(environment),
        CryptoModule,
        LoggerModule.forRoot(loggerOptions(environment)),
        DatabaseModule.forRoot(database, { monitorCommands: environment.METRICS_ENABLED }),
        MetricsModule,
        RateLimitModule,
        HealthModule,
        AuthModule,
        LimitsModule,
        ConnectionsModule,
        ConnectModule,
        PostsModule,
        MediaModule,
        WebhooksModule,
        PublishingModule,
        AnalyticsModule,
        WorkspaceModule,
        McpModule,
        AppGraphQLModule,
        ...imports,
      ],
      providers: [AppLogger, { provide: APP_FILTER, useClass: ApiExceptionFilter }],
    };
  }
}

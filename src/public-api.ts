/**
 * The service's public surface for applications that extend it with dependency injection
 * (docs/extending.md): exactly the modules, tokens, interfaces and helpers meant for extension.
 * Anything not exported here is internal and may change in any release.
 */

// The service as a Nest module, and what starts it.
export { AppModule, type AppModuleAsyncOptions, type AppModuleOptions } from './app.module';
export { configureApp, createApp, createHttpAdapter, type ConfigureOptions } from './app.factory';
export { loadEnvironment, type Environment } from './config/environment';
export { AppConfig } from './config/app-config.service';
export type { ServiceOptions } from './config/service-options';
export { openDatabase, type DatabaseServer } from './database/database-server';
export type { DatabaseInfo } from './database/database-info';

// Extension points.
export type { ExtensionProvider, ServiceExtensions } from './extensions/service-extensions';
export type { PlatformPlugin } from './extensions/platform-plugin';
export { PLATFORM_NAME_PATTERN } from '@app/rules';
export type { ConnectionEvent, LifecycleEventMap, LifecycleEventName } from './lifecycle/lifecycle-events';
export type { PostCheck, PostCheckInput } from './posts/post-checks';
export type { PostFailedEvent, PostPublishedEvent, PostScheduledEvent } from './lifecycle/post-event-data';
export type { CustomStorageDriver, StorageDriver, StoredObject } from './media/storage/storage-driver';
export { BUILT_IN_PLANS, type Plan, type PlanName, type PlanTable } from './limits/plans';
export type { MailTransport, OutgoingMail } from './limits/mail-transport';
export { PASSPORT, type Authenticator } from './auth/guards/passport';
export type { ApiIdentity } from './auth/api-key-auth.service';

// What a platform plugin is made of.
export {
  PlatformError,
  type MediaItem,
  type PlatformAdapter,
  type PlatformCredentials,
  type PlatformErrorCode,
  type PublishRequest,
  type PublishResult,
  type RefreshedTokens,
  type ValidationResult,
} from './platforms/platform-adapter';
export {
  ConnectError,
  type ConnectCandidate,
  type ConnectField,
  type ConnectProvider,
  type CredentialsConnectProvider,
  type CredentialsInput,
  type OAuthConnectProvider,
  type StoredGrant,
} from './connect/providers/connect-provider';
export { checkCommonRules, checkMediaSizes, type MediaFacts, type PlatformContentRules } from '@app/rules';
export { outboundGuard, type OutboundGuard, type OutboundPolicy } from './common/outbound/outbound-guard';
export { parseAllowedHosts } from './common/outbound/allowed-hosts';

// Calling the service from an embedding app's own routes.
export { PostsModule } from './posts/posts.module';
export { PostsService } from './posts/posts.service';
export { ListPostsQueryDto } from './posts/dto/list-posts.query.dto';
export { ApiKeyAuth } from './auth/auth.decorators';
export { Ctx, type RequestContext } from './auth/request-context';
export { ApiError } from './common/api-error';

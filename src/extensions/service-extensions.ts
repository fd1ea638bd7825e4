import type { InjectionToken, ModuleMetadata, Provider, Type } from '@nestjs/common';
import type { MailTransport } from '../limits/mail-transport';
import type { PlanTable } from '../limits/plans';
import type { CustomStorageDriver } from '../media/storage/storage-driver';
import type { PostCheck } from '../posts/post-checks';
import type { PlatformPlugin } from './platform-plugin';

/**
 * How an extension supplies one value: a class Nest constructs (its dependencies injected), a
 * value, a factory, or a provider the extension's modules already export.
 */
export type ExtensionProvider<T> =
  | Type<T>
  | { useClass: Type<T> }
  | { useValue: T }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- Nest's own factory signature
  | { useFactory: (...args: any[]) => T | Promise<T>; inject?: InjectionToken[] }
  | { useExisting: InjectionToken };

/** What an embedding application adds to the service (docs/extending.md). */
export interface ServiceExtensions {
  /** Modules the extensions' providers come from, and their other dependencies. */
  imports?: ModuleMetadata['imports'];
  /** Further platforms beside the spec's eleven, in the order lists show them. */
  platforms?: ExtensionProvider<PlatformPlugin>[];
  /** Replaces local files / S3 (`STORAGE_DRIVER` is then ignored). */
  storage?: ExtensionProvider<CustomStorageDriver>;
  /** Replaces the built-in plan table (the spec's Starter, Pro and Premium figures). */
  plans?: ExtensionProvider<PlanTable>;
  /** Replaces SMTP (`SMTP_URL`) for the e-mails the service sends. */
  mail?: ExtensionProvider<MailTransport>;
  /** Checks every post must pass before it is scheduled and again before it is published, in this order. */
  postChecks?: ExtensionProvider<PostCheck>[];
  /**
   * Names of passport strategies, registered by the embedding app on `PASSPORT`, that the API
   * tries before the API key, in this order (docs/extending.md, "Authentication").
   */
  apiStrategies?: string[];
}

/** A Nest provider of `token` from an ExtensionProvider. */
export function extensionProvider<T>(token: InjectionToken, extension: ExtensionProvider<T>): Provider {
  if (typeof extension === 'function') return { provide: token, useClass: extension };
  return { provide: token, ...extension } as Provider;
}

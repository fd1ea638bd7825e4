/** The platform plugins the embedding app registered (an array, possibly empty). */
export const PLATFORM_PLUGINS = Symbol('PLATFORM_PLUGINS');
/** A storage driver replacing local files / S3, or null. */
export const EXTENSION_STORAGE_DRIVER = Symbol('EXTENSION_STORAGE_DRIVER');
/** A mail transport replacing SMTP, or null. */
export const EXTENSION_MAIL_TRANSPORT = Symbol('EXTENSION_MAIL_TRANSPORT');
/** The plan table in force: the built-in one unless replaced. */
export const PLAN_TABLE = Symbol('PLAN_TABLE');
/** The post checks, in the order they run (an array, possibly empty). */
export const POST_CHECKS = Symbol('POST_CHECKS');
/** Names of the passport strategies the API tries before the API key. */
export const API_STRATEGIES = Symbol('API_STRATEGIES');

import { AsyncLocalStorage } from 'node:async_hooks';
import type { RequestContext } from '../auth/request-context';

/**
 * The request being handled, for the audit log's actor: set around each handler by
 * AuditContextInterceptor, so a service or an event listener far from the controller can say
 * who acted without every signature carrying it. Empty outside a request (the engine: `system`).
 */
export const auditContext = new AsyncLocalStorage<RequestContext>();

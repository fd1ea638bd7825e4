import { Injectable, Logger } from '@nestjs/common';
import { ApiError } from '../common/api-error';
import { apiKeyHashMatches, apiKeyPrefix, hashApiKey, LEGACY_KEY_PREFIX } from './api-key-format';
import { ApiKeysRepository, type ApiKeyCredential } from './api-keys.repository';
import { AuthMessages } from './auth.errors';
import type { RequestClient, RequestContext, UserSummary } from './request-context';
import { UsersService } from './users.service';
import { isObjectIdString } from '../database/object-id';

/** lastUsedAt is written at most once per this interval per key. */
export const LAST_USED_RESOLUTION_MS = 60_000;

type Headers = Record<string, string | string[] | undefined>;

/** What an embedding app's API strategy passes to passport's `success`: the user it identified. */
export interface ApiIdentity {
  userId: string;
}

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Turns the API-key headers into a request context, in the order of checks of docs/auth.md:
 * key present → key valid (prefix lookup + constant-time hash comparison, not revoked) → owner
 * exists → API access → MCP access (x-service-client: mcp) → workspace (x-service-user-id).
 */
@Injectable()
export class ApiKeyAuthService {
  private readonly logger = new Logger('ApiKeyAuth');

  constructor(
    private readonly keys: ApiKeysRepository,
    private readonly users: UsersService,
  ) {}

  async authenticate(headers: Headers): Promise<RequestContext> {
    try {
      return await this.resolve(headers);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      this.logger.error({ err }, 'API key authentication failed unexpectedly');
      throw ApiError.internal(AuthMessages.internal);
    }
  }

  private async resolve(headers: Headers): Promise<RequestContext> {
    const rawKey = header(headers, 'x-api-key');
    if (!rawKey) throw ApiError.unauthorized(AuthMessages.apiKeyRequired);

    const credential = await this.findCredential(rawKey);
    if (!credential || credential.revokedAt) throw ApiError.unauthorized(AuthMessages.invalidApiKey);

    const context = await this.contextFor(credential.userId.toHexString(), headers, credential.keyPrefix, AuthMessages.invalidApiKeyOwner);
    await this.touch(credential);
    return context;
  }

  /**
   * The request context of a caller an embedding app's passport strategy has already identified
   * (docs/extending.md, "Authentication"): the same checks as for a key's owner, from API access on.
   */
  async authenticateIdentity(identity: ApiIdentity, headers: Headers): Promise<RequestContext> {
    try {
      return await this.contextFor(identity.userId, headers, null, AuthMessages.unknownIdentity);
    } catch (err) {
      if (err instanceof ApiError) throw err;
      this.logger.error({ err }, 'Authentication of an identified caller failed unexpectedly');
      throw ApiError.internal(AuthMessages.internal);
    }
  }

  /** Owner exists → API access → MCP access → workspace target: the checks after the key. */
  private async contextFor(ownerId: string, headers: Headers, keyPrefix: string | null, unknownOwner: string): Promise<RequestContext> {
    const owner = isObjectIdString(ownerId) ? await this.users.findSummaryCached(ownerId) : null;
    if (!owner) throw ApiError.unauthorized(unknownOwner);
    // A managed user's own key (issued by its workspace owner) works with the owner's plan and
    // entitlements: limits for managed users come from the owner (docs/workspace.md).
    const workspaceOwner = owner.parentUserId ? await this.users.findSummaryCached(owner.parentUserId) : null;
    const billing = workspaceOwner ?? owner;
    if (!billing.apiAccess) throw ApiError.forbidden(workspaceOwner ? AuthMessages.workspaceOwnerApiDisabled : AuthMessages.apiAccessDisabled);

    // MCP needs the owner's entitlement and is not turned off for the managed user itself.
    const mcpAccess = billing.mcpAccess && owner.mcpAccess;
    const client: RequestClient = header(headers, 'x-service-client')?.trim().toLowerCase() === 'mcp' ? 'mcp' : 'api';
    if (client === 'mcp' && !mcpAccess) throw ApiError.forbidden(AuthMessages.mcpAccessDisabled);

    const acting = await this.resolveWorkspaceTarget(owner, header(headers, 'x-service-user-id')?.trim());
    return {
      userId: acting.id,
      ownerId: owner.id,
      ownerUser: owner,
      billingOwnerUser: billing,
      actingUser: acting,
      keyPrefix,
      isWorkspace: acting !== owner,
      client,
      entitlements: { apiAccess: billing.apiAccess, mcpAccess },
    };
  }

  /** Step 1 (lookup by prefix) and step 2 (constant-time comparison of the SHA-256). */
  private async findCredential(rawKey: string): Promise<ApiKeyCredential | null> {
    const presented = hashApiKey(rawKey);
    const prefix = apiKeyPrefix(rawKey);
    if (prefix !== LEGACY_KEY_PREFIX) {
      const candidate = await this.keys.findByLookupKey(prefix);
      return candidate && apiKeyHashMatches(presented, candidate.keyHash) ? candidate : null;
    }
    // Legacy keys share one prefix: every candidate is compared (each in constant time, no early exit).
    let match: ApiKeyCredential | null = null;
    for (const candidate of await this.keys.findLegacyCandidates()) {
      if (apiKeyHashMatches(presented, candidate.keyHash) && !match) match = candidate;
    }
    return match;
  }

  /** Workspace mode: the managed user to act as, or the owner itself. */
  private async resolveWorkspaceTarget(owner: UserSummary, targetId: string | undefined): Promise<UserSummary> {
    if (!targetId) return owner;
    if (!isObjectIdString(targetId)) throw ApiError.badRequest(AuthMessages.invalidWorkspaceUserId);
    if (targetId.toLowerCase() === owner.id) return owner; // the owner's own id is a no-op
    if (!owner.workspacesEnabled && !owner.isAdmin) throw ApiError.forbidden(AuthMessages.workspaceDisabled);
    const target = await this.users.findSummaryCached(targetId.toLowerCase());
    if (!target || target.parentUserId !== owner.id) throw ApiError.forbidden(AuthMessages.notManagedByKey);
    return target;
  }

  /** At most one write per key per minute: skipped when lastUsedAt is fresh, conditional otherwise. */
  private async touch(credential: ApiKeyCredential): Promise<void> {
    const now = new Date();
    const staleBefore = new Date(now.getTime() - LAST_USED_RESOLUTION_MS);
    if (credential.lastUsedAt && credential.lastUsedAt > staleBefore) return;
    try {
      await this.keys.touch(credential, now, staleBefore);
    } catch (err) {
      // Bookkeeping only: a failed write must not fail the request.
      this.logger.warn({ err }, 'Could not record API key use');
    }
  }
}

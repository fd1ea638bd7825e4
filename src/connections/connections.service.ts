import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { afterCommit, Transactions } from '../database/transactions';
import { UsersService } from '../auth/users.service';
import { ApiError } from '../common/api-error';
import { LifecycleEvents, type ConnectionEvent } from '../lifecycle/lifecycle-events';
import { httpUrlOrNull } from '../common/http-url';
import { PlatformError, type PlatformCredentials, type RefreshedTokens } from '../platforms/platform-adapter';
import { isPermanentRefreshFailure, refreshFailureReason, RefreshUnavailableError, type RefreshWatch } from '../platforms/adapter-kit/oauth-refresh';
import { LimitMailer } from '../limits/limit-mailer';
import { EXPIRING_SOON_MS } from './token-status';
import { PlatformRegistry } from '../platforms/platform-registry';
import { ConnectionsRepository, type ConnectionIdentity, type ConnectionRecord, type StalePlatformId } from './connections.repository';
import { parseLoosePlatformId } from './platform-id';
import { TokenCipher, TokenCipherError } from '../crypto/token-cipher';
import { errorResult, passedResult, profileUpdateOf, untestableResult, type ConnectionTestResult } from './connection-test';
import { ConnectionMessages } from './connections.errors';
import { LastSuccessStamps } from './last-success-stamps';

export type { ConnectionRecord, StalePlatformId } from './connections.repository';

/**
 * Token upkeep's wait after a refresh failure that passes (5xx, 429, network, timeout): 15
 * minutes, doubling with each failure in a row, at most 6 hours; a longer Retry-After wins.
 */
export const REFRESH_BACKOFF_BASE_MS = 15 * 60_000;
export const REFRESH_BACKOFF_MAX_MS = 6 * 60 * 60_000;

export function refreshBackoffMs(failuresInARow: number, retryAfterMs?: number): number {
  const exponential = Math.min(REFRESH_BACKOFF_MAX_MS, REFRESH_BACKOFF_BASE_MS * 2 ** Math.max(0, Math.min(failuresInARow - 1, 20)));
  return Math.max(exponential, Math.min(retryAfterMs ?? 0, 24 * 60 * 60_000));
}

/** What an upkeep refresh came to. */
export type RefreshOutcome = 'refreshed' | 'not_refreshable' | 'reauth_required' | 'backing_off';

/** A connection that has just come to need reauthorization. */
export interface ReauthNotice {
  connection: ConnectionRecord;
  reason: string;
  detectedAt: Date;
}

/**
 * Runs inside the transaction that marks a connection as needing reauthorization, once per
 * change (the webhook outbox: the publishing module, which can reach it, registers it).
 */
export type ReauthRecorder = (notice: ReauthNotice) => Promise<unknown>;

/** lastSuccessfulPost stamps are written this long after the first one held (per instance). */
export const LAST_SUCCESS_WRITE_DELAY_MS = 1_000;
export type { ConnectionTestResult } from './connection-test';

/** What other modules (posts, publishing) need to know about a connection. */
/**
 * The stored tokens exist but cannot be decrypted: ENCRYPTION_KEY is not the one they were
 * written with (or the value was tampered with). Retrying cannot help; reconnecting or restoring
 * the key can.
 */
export class CredentialsUnreadableError extends Error {
  constructor(readonly connectionId: string) {
    super(`The stored tokens of connection ${connectionId} cannot be decrypted with this ENCRYPTION_KEY`);
    this.name = 'CredentialsUnreadableError';
  }
}

export interface ConnectionRef {
  /** Connection document id. */
  id: string;
  userId: string;
  platform: string;
  /** The platform's own account id (Bluesky: the DID). */
  externalId: string;
  /** Compound `<platform>-<id part>` (`compoundPlatformId`): what create-post takes. */
  platformId: string;
  username: string | null;
}

export interface NewConnection {
  platform: string;
  externalId: string;
  accessToken: string;
  refreshToken?: string | null;
  username?: string | null;
  displayName?: string | null;
  profileImageUrl?: string | null;
  profileUrl?: string | null;
  accessTokenExpiresAt?: Date | null;
  instanceUrl?: string | null;
  type?: string | null;
}

/** The admin mutation's input, checked by AdminCreateConnectionInput (the global pipe). */
export interface AdminConnectionInput {
  userId: string;
  platform: string;
  externalId: string;
  username?: string | null;
  displayName?: string | null;
  profileImageUrl?: string | null;
  profileUrl?: string | null;
  accessToken: string;
  refreshToken?: string | null;
  accessTokenExpiresAt?: string | null;
  instanceUrl?: string | null;
  type?: string | null;
}

const blankToNull = (v: string | null | undefined) => (v == null || v.trim() === '' ? null : v.trim());

function connectionEvent(record: Pick<ConnectionRecord, 'id' | 'userId' | 'platform' | 'platformId'>): ConnectionEvent {
  return { userId: record.userId, connectionId: record.id, platform: record.platform, platformId: record.platformId };
}

function toRef(record: ConnectionIdentity): ConnectionRef {
  return {
    id: record.id,
    userId: record.userId,
    platform: record.platform,
    externalId: record.externalId,
    platformId: record.platformId,
    username: record.username,
  };
}

@Injectable()
export class ConnectionsService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(ConnectionsService.name);
  private readonly lastSuccess: LastSuccessStamps;

  constructor(
    private readonly repository: ConnectionsRepository,
    private readonly registry: PlatformRegistry,
    private readonly users: UsersService,
    private readonly cipher: TokenCipher,
    private readonly transactions: Transactions,
    private readonly lifecycle: LifecycleEvents,
    private readonly mailer: LimitMailer,
  ) {
    this.lastSuccess = new LastSuccessStamps(
      (stamps) => this.repository.recordSuccessfulPosts(stamps),
      LAST_SUCCESS_WRITE_DELAY_MS,
      (err) => this.logger.warn({ err }, 'Could not record lastSuccessfulPost (kept for the next write)'),
    );
  }

  private reauthRecorder: ReauthRecorder | null = null;
  /** Reauthorization e-mails being sent (awaited at shutdown). */
  private readonly mailing = new Set<Promise<void>>();

  /** Stamps still held are written before the database closes. */
  async beforeApplicationShutdown(): Promise<void> {
    await Promise.all([...this.mailing]);
    await this.flushSuccessfulPosts();
  }

  /**
   * A feature (metric collection) found a permission missing: the connection's health says which
   * to grant (REST, GraphQL, dashboard); null clears it once the feature works again.
   */
  async recordMissingPermission(userId: string, connectionId: string, message: string | null): Promise<void> {
    if (await this.repository.setMissingPermission(userId, connectionId, message)) {
      if (message) this.logger.warn({ connectionId, reason: message }, 'A permission this connection needs is missing');
    }
  }

  /** Who writes the `connection.reauth_required` event with the state change (one recorder). */
  onReauthRequired(recorder: ReauthRecorder): void {
    this.reauthRecorder = recorder;
  }

  /** Connections of `userId` among the given compound ids (others' and unknown ids are simply absent). */
  async findOwned(userId: string, platformIds: string[]): Promise<ConnectionRef[]> {
    return (await this.repository.findIdentities(userId, platformIds)).map(toRef);
  }

  /** Number of connections of the given users (the account's total for CONNECTIONS_OVER_LIMIT). */
  countForUsers(userIds: string[]): Promise<number> {
    return this.repository.countForUsers([...new Set(userIds)]);
  }

  async list(userId: string): Promise<ConnectionRecord[]> {
    await this.showHeldStamps();
    return this.repository.listByUser(userId);
  }

  async findById(userId: string, connectionId: string): Promise<ConnectionRecord | null> {
    await this.showHeldStamps();
    return this.repository.findById(userId, connectionId);
  }

  /**
   * Stores a connection for `userId` with its tokens encrypted. Connecting an already connected
   * account replaces its tokens and profile (re-authorisation), keeping its history.
   */
  async connect(userId: string, input: NewConnection, options: { keepRefreshToken?: boolean } = {}): Promise<ConnectionRecord> {
    await this.showHeldStamps();
    const record = await this.repository.upsert(
      userId,
      {
        platform: input.platform,
        externalId: input.externalId,
        username: input.username ?? null,
        displayName: input.displayName ?? null,
        profileImageUrl: httpUrlOrNull(input.profileImageUrl),
        profileUrl: httpUrlOrNull(input.profileUrl),
        accessTokenEncrypted: this.cipher.encrypt(input.accessToken),
        refreshTokenEncrypted: input.refreshToken ? this.cipher.encrypt(input.refreshToken) : null,
        accessTokenExpiresAt: input.accessTokenExpiresAt ?? null,
        instanceUrl: input.instanceUrl ?? null,
        type: input.type ?? null,
      },
      options,
    );
    this.lifecycle.emit('connection.created', [connectionEvent(record)]);
    return record;
  }

  /** The connection of `userId` with this platform and raw id, or null. */
  async findOne(userId: string, platform: string, externalId: string): Promise<ConnectionRecord | null> {
    await this.showHeldStamps();
    return this.repository.findByAccount(userId, platform, externalId);
  }

  /** Connections stored with a compound id other than today's (start-up upgrade, docs/connections.md). */
  findStalePlatformIds(): Promise<StalePlatformId[]> {
    return this.repository.findStalePlatformIds();
  }

  /** Gives a connection its current compound id; false when another instance did already. */
  renamePlatformId(stale: StalePlatformId): Promise<boolean> {
    return this.repository.renamePlatformId(stale.userId, stale.id, stale.from, stale.to);
  }

  /**
   * Deletes the connection and its stored tokens (disconnect); false when it was already gone.
   * `onDeleted` (the `connection.disconnected` outbox write) runs in the same transaction, so the
   * event goes out exactly when the connection is gone.
   */
  async delete(userId: string, connection: ConnectionRef, onDeleted?: () => Promise<unknown>): Promise<boolean> {
    const deleted = await this.transactions.run(async () => {
      const gone = await this.repository.delete(userId, connection.id);
      if (gone && onDeleted) await onDeleted();
      return gone;
    });
    if (deleted) this.lifecycle.emit('connection.deleted', [connectionEvent(connection)]);
    return deleted;
  }

  /** GraphQL admin mutation (fields checked by AdminCreateConnectionInput): the user must exist, then connects (upsert, see `connect`). */
  async adminCreate(input: AdminConnectionInput): Promise<ConnectionRecord> {
    if (!this.registry.has(input.platform)) throw ApiError.badRequest(ConnectionMessages.invalidPlatform(this.registry.names()));
    await this.users.getSummary(input.userId); // 404 `User not found` (the auth module's message)
    return this.connect(input.userId, {
      platform: input.platform,
      externalId: input.externalId,
      accessToken: input.accessToken,
      refreshToken: blankToNull(input.refreshToken),
      username: blankToNull(input.username),
      displayName: blankToNull(input.displayName),
      profileImageUrl: blankToNull(input.profileImageUrl),
      profileUrl: blankToNull(input.profileUrl),
      accessTokenExpiresAt: input.accessTokenExpiresAt ? new Date(input.accessTokenExpiresAt) : null,
      instanceUrl: blankToNull(input.instanceUrl),
      type: blankToNull(input.type),
    });
  }

  async connectRef(userId: string, input: NewConnection): Promise<ConnectionRef> {
    return toRef(await this.connect(userId, input));
  }

  /** Decrypted credentials for publishing; refreshed tokens are persisted through `onTokensRefreshed`. */
  async getCredentials(userId: string, connectionId: string): Promise<PlatformCredentials & { platform: string }> {
    const found = await this.repository.findWithSecrets(userId, connectionId);
    if (!found) throw ApiError.notFound(ConnectionMessages.notFound);
    try {
      return this.credentialsOf(found.record, found.secrets);
    } catch (err) {
      if (err instanceof TokenCipherError) throw new CredentialsUnreadableError(connectionId);
      throw err;
    }
  }

  /**
   * `lastSuccessfulPost`: held, and written with every other connection's within
   * LAST_SUCCESS_WRITE_DELAY_MS in one command (a newer stamp never gives way to an older one).
   * This process's reads of connections write what is held first.
   */
  recordSuccessfulPost(userId: string, connectionId: string, at: Date = new Date()): void {
    this.lastSuccess.add({ userId, connectionId, at });
  }

  /** Writes the held `lastSuccessfulPost` stamps now (shutdown; tests). */
  flushSuccessfulPosts(): Promise<void> {
    return this.lastSuccess.flush().catch((err) => this.logger.warn({ err }, 'Could not record lastSuccessfulPost'));
  }

  /** Before a read that shows connections: a held stamp is written, or the read goes on without it. */
  private async showHeldStamps(): Promise<void> {
    if (this.lastSuccess.size) await this.flushSuccessfulPosts();
  }

  async recordError(userId: string, connectionId: string, message: string, at: Date = new Date()): Promise<ConnectionRecord | null> {
    return this.repository.recordError(userId, connectionId, { message, occurredAt: at });
  }

  /**
   * test-connection. Every validation outcome is a result (HTTP 200); only a malformed id (400),
   * a connection the caller does not own (404) or an unexpected failure (500) are errors.
   * A failed adapter validation is recorded as the connection's `lastError`; a successful one
   * refreshes profile fields and the expiry the platform reports, and leaves `lastError` as the
   * historical record it is.
   */
  async testConnection(userId: string, rawPlatformId: string, now: Date = new Date()): Promise<ConnectionTestResult> {
    const parsed = parseLoosePlatformId(rawPlatformId);
    if (!parsed) throw ApiError.badRequest(ConnectionMessages.invalidPlatformId);
    await this.showHeldStamps();
    const record = await this.repository.findByLooseId(userId, parsed.platform, parsed.id);
    if (!record) throw ApiError.notFound(ConnectionMessages.notFound);

    const registered = this.registry.get(record.platform);
    const adapter = registered?.healthValidator === false ? undefined : registered;
    if (!adapter) return untestableResult(record);
    const refusal = adapter.connectionTestRefusal?.(record.type ?? null);
    if (refusal) return errorResult(record, refusal, record.lastError, now);

    const failed = async (message: string): Promise<ConnectionTestResult> => {
      const updated = await this.repository.recordError(userId, record.id, { message, occurredAt: now });
      return errorResult(record, message, updated?.lastError ?? { message, occurredAt: now }, now);
    };

    let credentials: PlatformCredentials;
    try {
      const secrets = await this.repository.findSecrets(userId, record.id);
      if (!secrets) throw ApiError.notFound(ConnectionMessages.notFound);
      credentials = this.credentialsOf(record, secrets);
    } catch (err) {
      if (!(err instanceof TokenCipherError)) throw err;
      this.logger.warn({ connectionId: record.id }, 'Stored platform tokens could not be decrypted');
      return failed('Stored credentials could not be read: reconnect the account');
    }

    let result;
    try {
      result = await adapter.validate(credentials);
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      return failed(err.message);
    }
    if (!result.ok) return failed(result.message);

    const profile = profileUpdateOf(result);
    const updated = Object.keys(profile).length ? await this.repository.updateProfile(userId, record.id, profile) : null;
    return passedResult(record, result, updated ?? record, now);
  }

  /** Token upkeep: connections of all users whose token expires before `before`, less those it waits for after `now`. */
  findExpiringAcrossUsers(before: Date, limit: number, now: Date = new Date()): Promise<ConnectionRecord[]> {
    return this.repository.findExpiringAcrossUsers(before, now, limit);
  }

  /** Token upkeep: look at the connection again at `at` (null: when due; never once it needs reauthorization). */
  setUpkeepNextAt(record: ConnectionRecord, at: Date | null): Promise<void> {
    return this.repository.setUpkeepNextAt(record.userId, record.id, at);
  }

  /** Token upkeep: one instance at a time works on a connection. */
  claimUpkeep(record: ConnectionRecord, now: Date, leaseMs: number): Promise<boolean> {
    return this.repository.claimUpkeep(record.userId, record.id, now, leaseMs);
  }

  /** Whether the token renews itself (the platform refreshes tokens and we hold a refresh token). */
  async canRefresh(record: ConnectionRecord): Promise<boolean> {
    if (!this.registry.get(record.platform)?.refresh) return false;
    return !!(await this.repository.findSecrets(record.userId, record.id))?.refreshTokenEncrypted;
  }

  /**
   * Refreshes the token ahead of expiry where the platform allows it (`not_refreshable`: no
   * adapter refresh, no refresh token, or nothing to refresh with). A connection needing
   * reauthorization is not tried (`reauth_required`, no call). A failed refresh is recorded as
   * lastError: for good (`reauth_required`: the state, its event and e-mail) or for now
   * (`backing_off`: upkeep waits, refreshBackoffMs).
   */
  async refreshAhead(record: ConnectionRecord, now: Date = new Date()): Promise<RefreshOutcome> {
    if (record.health === 'reauth_required') return 'reauth_required';
    const adapter = this.registry.get(record.platform);
    const secrets = await this.repository.findSecrets(record.userId, record.id);
    if (!adapter?.refresh || !secrets?.refreshTokenEncrypted) return 'not_refreshable';
    let tokens: RefreshedTokens;
    try {
      // Unwatched: this method records the outcome itself.
      tokens = await adapter.refresh(this.credentialsOf(record, secrets, false));
    } catch (err) {
      if (err instanceof RefreshUnavailableError) return 'not_refreshable';
      return this.refreshFailed(record, err, now);
    }
    await this.persistRefreshedTokens(record.userId, record.id, tokens);
    return 'refreshed';
  }

  /**
   * A refresh failed (upkeep's, or the publisher's through the credentials' watch): a permanent
   * failure marks the connection as needing reauthorization, a passing one backs off.
   */
  private async refreshFailed(record: ConnectionRecord, err: unknown, now: Date): Promise<'reauth_required' | 'backing_off'> {
    if (isPermanentRefreshFailure(err)) {
      await this.markReauthRequired(record, refreshFailureReason(err), now);
      return 'reauth_required';
    }
    const message = `Token refresh failed: ${err instanceof Error ? err.message : String(err)}`;
    const retryAfterMs = err instanceof PlatformError ? err.options.retryAfterMs : undefined;
    const next = await this.repository.recordRefreshFailure(record.userId, record.id, { message, occurredAt: now }, (n) => refreshBackoffMs(n, retryAfterMs));
    this.logger.warn({ connectionId: record.id, platform: record.platform, reason: message, retryAt: next }, 'Token refresh failed; trying again later');
    return 'backing_off';
  }

  /**
   * Records that the connection needs reauthorization. The first time only (across instances),
   * the `connection.reauth_required` event is written in the same transaction and, once that has
   * committed, the owner is e-mailed. Upkeep comes back for its token.expiring notice when due.
   */
  async markReauthRequired(record: ConnectionRecord, reason: string, now: Date = new Date()): Promise<boolean> {
    const expiresAt = record.accessTokenExpiresAt;
    const noticeDue = expiresAt ? new Date(Math.max(now.getTime(), expiresAt.getTime() - EXPIRING_SOON_MS)) : null;
    const notice: ReauthNotice = { connection: { ...record, health: 'reauth_required', healthReason: reason, reauthRequiredAt: now }, reason, detectedAt: now };
    const first = await this.transactions.run(async () => {
      const changed = await this.repository.markReauthRequired(record.userId, record.id, reason, now, noticeDue);
      if (changed) await this.reauthRecorder?.(notice);
      return changed;
    });
    if (!first) return false;
    this.logger.warn({ connectionId: record.id, platform: record.platform, reason }, 'Token refresh refused for good: the account must be reconnected');
    afterCommit(() => {
      const task = this.mailReauth(notice)
        .catch((err: unknown) => this.logger.error({ err, connectionId: record.id }, 'Reauthorization e-mail could not be sent'))
        .finally(() => this.mailing.delete(task));
      this.mailing.add(task);
    });
    return true;
  }

  /** The one e-mail per account needing reauthorization, to its user (a managed user's owner); logged when no mail is set up. */
  private async mailReauth({ connection, reason }: ReauthNotice): Promise<void> {
    const user = await this.users.findSummary(connection.userId);
    const owner = (user?.parentUserId && (await this.users.findSummary(user.parentUserId))) || user;
    if (!owner) return;
    const account = connection.username ? `${connection.username} (${connection.platformId})` : connection.platformId;
    const label = this.registry.get(connection.platform)?.rules.label ?? connection.platform;
    const mail = {
      to: owner.email,
      from: this.mailer.from,
      subject: `Reconnect your ${label} account ${connection.username ?? connection.platformId}`,
      text: [
        'Hello,',
        '',
        `${label} refused to renew the access of the connected account ${account}${user && owner !== user ? ` of ${user.displayName ?? user.email}` : ''}:`,
        reason,
        '',
        'Its posts cannot be published until the account is connected again: open Connections in the dashboard and choose Reconnect.',
        'We send this notice once per account.',
      ].join('\n'),
    };
    if (!this.mailer.configured) {
      this.logger.log(
        { ownerId: owner.id, to: mail.to, subject: mail.subject, connectionId: connection.id },
        'Reauthorization e-mail not sent (no mail transport configured)',
      );
      return;
    }
    await this.mailer.send(mail);
  }

  /**
   * Runs `emit` (the `token.expiring` outbox write) in the same transaction that records the
   * notice, so each token expiry is announced exactly once, across instances and restarts.
   */
  async notifyExpiringOnce(record: ConnectionRecord, expiresAt: Date, emit: () => Promise<unknown>): Promise<boolean> {
    return this.transactions.run(async () => {
      const first = await this.repository.markExpiringNotified(record.userId, record.id, expiresAt);
      if (first) await emit();
      return first;
    });
  }

  /**
   * `watched`: the credentials carry the connection's health to the adapters' refresh
   * (RefreshWatch): none is tried while it needs reauthorization, and a failed one is recorded.
   */
  private credentialsOf(
    record: ConnectionRecord,
    secrets: { accessTokenEncrypted: string; refreshTokenEncrypted: string | null },
    watched = true,
  ): PlatformCredentials & { platform: string } & RefreshWatch {
    const watch: RefreshWatch = watched
      ? {
          refreshBlocked: record.health === 'reauth_required' ? (record.healthReason ?? 'reauthorization required') : null,
          onRefreshFailed: async (err) => {
            if (err instanceof RefreshUnavailableError) return;
            await this.refreshFailed(record, err, new Date());
          },
        }
      : {};
    return {
      ...watch,
      platform: record.platform,
      externalId: record.externalId,
      accessToken: this.cipher.decrypt(secrets.accessTokenEncrypted),
      refreshToken: secrets.refreshTokenEncrypted ? this.cipher.decrypt(secrets.refreshTokenEncrypted) : null,
      accessTokenExpiresAt: record.accessTokenExpiresAt,
      username: record.username,
      instanceUrl: record.instanceUrl,
      type: record.type,
      onTokensRefreshed: (tokens) => this.persistRefreshedTokens(record.userId, record.id, tokens),
    };
  }

  private async persistRefreshedTokens(userId: string, connectionId: string, tokens: RefreshedTokens): Promise<void> {
    await this.repository.replaceTokens(userId, connectionId, {
      accessTokenEncrypted: this.cipher.encrypt(tokens.accessToken),
      refreshTokenEncrypted: tokens.refreshToken === undefined ? undefined : tokens.refreshToken ? this.cipher.encrypt(tokens.refreshToken) : null,
      accessTokenExpiresAt: tokens.accessTokenExpiresAt,
    });
  }
}

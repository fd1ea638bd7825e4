import { plainToInstance, Transform } from 'class-transformer';
import { existsSync, readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { parseTrustProxy } from './trust-proxy';
import { AllowedHostsError, parseAllowedHosts } from '../common/outbound/allowed-hosts';
import {
  getMetadataStorage,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
  ValidationError,
} from 'class-validator';

const toInt = ({ value }: { value: unknown }) => (value === undefined || value === '' ? undefined : Number(value));
const toBool = ({ value }: { value: unknown }) =>
  value === undefined || value === '' ? undefined : value === true || /^(1|true|yes|on)$/i.test(String(value));
const URL_RULES = { require_tld: false, require_protocol: true, protocols: ['http', 'https'] };
const emptyToUndefined = ({ value }: { value: unknown }) => (value === '' ? undefined : value);

/**
 * Every environment variable the service reads, validated once at start-up. `.env.example`
 * lists exactly these, with their defaults. Defaults live here, not at the call sites.
 */
export class Environment {
  @IsIn(['development', 'production', 'test'])
  NODE_ENV: 'development' | 'production' | 'test' = 'development';

  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  PORT = 3000;

  @IsString()
  HOST = '127.0.0.1';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  PUBLIC_BASE_URL?: string;

  /**
   * Origin of media upload and file URLs (local storage), e.g. https://media.example.com served
   * by this same app: user files then never share the dashboard's origin. Empty: PUBLIC_BASE_URL.
   */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['http', 'https'] })
  MEDIA_PUBLIC_BASE_URL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  MONGODB_URI?: string;

  @IsString()
  DATA_DIR = './data';

  /**
   * Unset (the default): the embedded database (MONGODB_URI unset) listens only on a Unix socket
   * in DATA_DIR/db that no other OS user can open. Set: it listens on this loopback port instead,
   * so mongosh or Compass can reach it at mongodb://127.0.0.1:<port>/social_post_scheduler —
   * as can every local user. Taken: any free port (logged). 0: always any free port.
   * `npm run db` (the database on its own, for mongosh) uses 27017 when unset.
   */
  @IsOptional()
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  EMBEDDED_DB_PORT?: number;

  @IsIn(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  LOG_LEVEL = 'info';

  /**
   * Most time a request body may go without a byte arriving: past it the client has stalled, and
   * gets 408 and a closed connection. An idle limit, not a total one, so a slow but moving upload
   * (process-video's 512 MB, a pre-signed PUT) is never cut. 0 = off.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  HTTP_BODY_TIMEOUT_MS = 30_000;

  /** The request line and headers must arrive within this (Node's `headersTimeout`); 0 = off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  HTTP_HEADERS_TIMEOUT_MS = 30_000;

  /**
   * The whole request, body included, must arrive within this (Node's `requestTimeout`): the
   * bound on a body that trickles in just inside HTTP_BODY_TIMEOUT_MS forever. Never applies to
   * the answer. 0 = off.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  HTTP_REQUEST_TIMEOUT_MS = 3_600_000;

  /** An idle kept-alive connection is closed after this (above common load balancers' 60 s). */
  @Transform(toInt)
  @IsInt()
  @Min(100)
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 72_000;

  /** On SIGTERM/SIGINT, in-flight work gets this long to finish before the process exits anyway. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  SHUTDOWN_GRACE_MS = 20_000;

  /**
   * Requests per minute each API key may make (REST and MCP together), counted across every
   * instance through the database. 0 (the default) = no limit, as the spec says.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  RATE_LIMIT_PER_MINUTE = 0;

  /**
   * Dashboard sign-ups (POST /auth/register) per client address per hour, answered or refused
   * with 409 alike, counted across every instance through the database. 0 = no limit.
   */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  SIGNUP_LIMIT_PER_HOUR = 5;

  /** Serve Prometheus metrics on their own listener (METRICS_HOST:METRICS_PORT). */
  @Transform(toBool)
  @IsBoolean()
  METRICS_ENABLED = false;

  /** Interface of the metrics listener; loopback so it is never public by accident. */
  @IsString()
  METRICS_HOST = '127.0.0.1';

  /** Port of the metrics listener (0: any free one, logged). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

  /** When set, a scrape must send `Authorization: Bearer <METRICS_TOKEN>`. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  METRICS_TOKEN?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32)
  SESSION_SECRET?: string;

  /** 32 bytes as 64 hex characters or base64. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  ENCRYPTION_KEY?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsEmail()
  BOOTSTRAP_ADMIN_EMAIL?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(8)
  BOOTSTRAP_ADMIN_PASSWORD?: string;

  /** Create a demo admin and API key on an empty embedded database (never in production). */
  @Transform(toBool)
  @IsBoolean()
  DEMO_ACCOUNT = true;

  /** Comma-separated dashboard origins allowed to call with credentials. */
  @IsString()
  CORS_ORIGINS = '';

  /**
   * Which X-Forwarded-For hops to believe for the client address (login throttle, logs): empty or
   * false (default: none, the socket's address), true, a hop count, or the proxies' addresses.
   */
  @IsString()
  TRUST_PROXY = '';

  @Transform(toInt)
  @IsInt()
  @Min(100)
  SCHEDULER_INTERVAL_MS = 5000;

  @Transform(toBool)
  @IsBoolean()
  SCHEDULER_ENABLED = true;

  /** Platform posts published at once by one instance. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  PUBLISH_CONCURRENCY = 16;

  /** Most platform posts claimed per claim round (shared out across platforms). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(10_000)
  PUBLISH_CLAIM_BATCH = 100;

  /** Lease on a claimed platform post; renewed while it is worked on, taken over by another instance once expired. */
  @Transform(toInt)
  @IsInt()
  @Min(1000)
  PUBLISH_LEASE_MS = 60_000;

  /** Platform calls per platform post before a retryable failure becomes final. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(100)
  PUBLISH_MAX_ATTEMPTS = 5;

  /** First retry delay (doubled per retry, capped by PUBLISH_RETRY_MAX_MS; a longer Retry-After wins). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  PUBLISH_RETRY_BASE_MS = 30_000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  PUBLISH_RETRY_MAX_MS = 30 * 60_000;

  /** Space each connection's posts to the spec's advisory posting rates (per hour / per day). */
  @Transform(toBool)
  @IsBoolean()
  PUBLISH_ADVISORY_RATES = true;

  /** Token upkeep (refresh ahead of expiry, token.expiring events) period; 0 = off. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  TOKEN_UPKEEP_INTERVAL_MS = 60 * 60_000;

  /** Refresh tokens that expire within this time, where the platform allows refresh. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  TOKEN_REFRESH_AHEAD_MS = 24 * 60 * 60_000;

  /** How often the collector looks for post and account metrics that are due (docs/engagement.md); 0 = off. Runs where SCHEDULER_ENABLED. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  ENGAGEMENT_COLLECTION_INTERVAL_MS = 5 * 60_000;

  /** Metric requests one connection may make per hour, across instances; publishing is never counted against it. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ENGAGEMENT_REQUESTS_PER_CONNECTION_PER_HOUR = 30;

  /** Tracks (posts and accounts) one collection pass claims at most. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ENGAGEMENT_CLAIM_BATCH = 500;

  /** How long the audit log keeps an entry (docs/audit.md); older ones are deleted hourly. */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  AUDIT_RETENTION_DAYS = 365;

  /** Connections read at once by one instance (each waits on its platform, so more than the cores). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  ENGAGEMENT_CONCURRENCY = 4;

  // Platform API base URLs (tests point them at local fakes). Mastodon and Bluesky use each
  // connection's instanceUrl instead.
  @IsUrl(URL_RULES) TWITTER_API_URL = 'https://api.x.com';
  @IsUrl(URL_RULES) TWITTER_UPLOAD_URL = 'https://api.x.com';
  @IsUrl(URL_RULES) LINKEDIN_API_URL = 'https://api.linkedin.com';
  @IsUrl(URL_RULES) LINKEDIN_OAUTH_URL = 'https://www.linkedin.com';
  /** `LinkedIn-Version` (YYYYMM) sent by the analytics client; LinkedIn serves each version for about a year. */
  @Matches(/^\d{6}$/) LINKEDIN_API_VERSION = '202609';
  @IsUrl(URL_RULES) INSTAGRAM_API_URL = 'https://graph.instagram.com/v21.0';
  @IsUrl(URL_RULES) THREADS_API_URL = 'https://graph.threads.net/v1.0';
  @IsUrl(URL_RULES) TIKTOK_API_URL = 'https://open.tiktokapis.com';
  @IsUrl(URL_RULES) YOUTUBE_API_URL = 'https://www.googleapis.com';
  @IsUrl(URL_RULES) YOUTUBE_UPLOAD_URL = 'https://www.googleapis.com/upload';
  @IsUrl(URL_RULES) GOOGLE_OAUTH_URL = 'https://oauth2.googleapis.com';
  @IsUrl(URL_RULES) FACEBOOK_API_URL = 'https://graph.facebook.com/v21.0';
  @IsUrl(URL_RULES) TELEGRAM_API_URL = 'https://api.telegram.org';
  @IsUrl(URL_RULES) PINTEREST_API_URL = 'https://api.pinterest.com';
  @IsUrl(URL_RULES) BLUESKY_VIDEO_URL = 'https://video.bsky.app';

  // Connecting accounts (docs/connect.md): each OAuth platform's app credentials, and its
  // authorize and token endpoints (full URLs; tests point them at local fakes). A platform
  // without a client id is reported as not configured.
  @Transform(emptyToUndefined) @IsOptional() @IsString() TWITTER_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() TWITTER_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) TWITTER_AUTHORIZE_URL = 'https://x.com/i/oauth2/authorize';
  @IsUrl(URL_RULES) TWITTER_TOKEN_URL = 'https://api.x.com/2/oauth2/token';
  @Transform(emptyToUndefined) @IsOptional() @IsString() LINKEDIN_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() LINKEDIN_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) LINKEDIN_AUTHORIZE_URL = 'https://www.linkedin.com/oauth/v2/authorization';
  @IsUrl(URL_RULES) LINKEDIN_TOKEN_URL = 'https://www.linkedin.com/oauth/v2/accessToken';
  @Transform(emptyToUndefined) @IsOptional() @IsString() FACEBOOK_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() FACEBOOK_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) FACEBOOK_AUTHORIZE_URL = 'https://www.facebook.com/v21.0/dialog/oauth';
  @IsUrl(URL_RULES) FACEBOOK_TOKEN_URL = 'https://graph.facebook.com/v21.0/oauth/access_token';
  @Transform(emptyToUndefined) @IsOptional() @IsString() INSTAGRAM_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() INSTAGRAM_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) INSTAGRAM_AUTHORIZE_URL = 'https://www.instagram.com/oauth/authorize';
  @IsUrl(URL_RULES) INSTAGRAM_TOKEN_URL = 'https://api.instagram.com/oauth/access_token';
  @Transform(emptyToUndefined) @IsOptional() @IsString() THREADS_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() THREADS_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) THREADS_AUTHORIZE_URL = 'https://threads.net/oauth/authorize';
  @IsUrl(URL_RULES) THREADS_TOKEN_URL = 'https://graph.threads.net/oauth/access_token';
  @Transform(emptyToUndefined) @IsOptional() @IsString() TIKTOK_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() TIKTOK_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) TIKTOK_AUTHORIZE_URL = 'https://www.tiktok.com/v2/auth/authorize/';
  @IsUrl(URL_RULES) TIKTOK_TOKEN_URL = 'https://open.tiktokapis.com/v2/oauth/token/';
  @Transform(emptyToUndefined) @IsOptional() @IsString() YOUTUBE_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() YOUTUBE_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) YOUTUBE_AUTHORIZE_URL = 'https://accounts.google.com/o/oauth2/v2/auth';
  @IsUrl(URL_RULES) YOUTUBE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
  @Transform(emptyToUndefined) @IsOptional() @IsString() PINTEREST_CLIENT_ID?: string;
  @Transform(emptyToUndefined) @IsOptional() @IsString() PINTEREST_CLIENT_SECRET?: string;
  @IsUrl(URL_RULES) PINTEREST_AUTHORIZE_URL = 'https://www.pinterest.com/oauth/';
  @IsUrl(URL_RULES) PINTEREST_TOKEN_URL = 'https://api.pinterest.com/v5/oauth/token';

  /**
   * Lift the address rules for Mastodon instance and Bluesky service URLs people type (tests,
   * self-hosted instances on a private network). Metadata addresses stay refused.
   */
  @Transform(toBool)
  @IsBoolean()
  CONNECT_ALLOW_PRIVATE_INSTANCES = false;

  /**
   * Comma-separated origins (`http(s)://host[:port]`) exempt from the private-address rule for
   * every server a person chooses (Mastodon instances, Bluesky services, webhook URLs), without
   * lifting it for all; an `http://` entry also allows plain http to that origin. Cloud metadata
   * hosts cannot be listed. Checked at start-up (src/common/outbound/allowed-hosts.ts).
   */
  @IsString()
  OUTBOUND_ALLOWED_HOSTS = '';

  @Transform(toInt)
  @IsInt()
  @Min(100)
  PLATFORM_REQUEST_TIMEOUT_MS = 30_000;

  @Transform(toInt)
  @IsInt()
  @Min(100)
  PLATFORM_PROCESSING_TIMEOUT_MS = 600_000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  PLATFORM_POLL_INTERVAL_MS = 2_000;

  /** Minimum time between two scheduled posts of one connection; later posts are moved (0 = off). */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  MIN_POST_SPACING_SECONDS = 60;

  /** SMTP server for account e-mails (`smtp://user:pass@host:587`, `smtps://…`); empty = outbox only. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl({ require_tld: false, require_protocol: true, protocols: ['smtp', 'smtps'] })
  SMTP_URL?: string;

  /** Sender of account e-mails. */
  @IsString()
  MAIL_FROM = 'Social Post Scheduler <no-reply@localhost>';

  /** Lift the webhook destination address rules (local receivers in tests, private deployments). */
  @Transform(toBool)
  @IsBoolean()
  WEBHOOKS_ALLOW_PRIVATE_TARGETS = false;

  /** Run the webhook delivery worker in this instance. */
  @Transform(toBool)
  @IsBoolean()
  WEBHOOKS_WORKER_ENABLED = true;

  @Transform(toInt)
  @IsInt()
  @Min(10)
  WEBHOOKS_WORKER_INTERVAL_MS = 1000;

  @Transform(toInt)
  @IsInt()
  @Min(50)
  WEBHOOKS_DELIVERY_TIMEOUT_MS = 10_000;

  /** First retry delay; later ones are 3x, 12x, 60x and 180x of it (10 s, 30 s, 2 min, 10 min, 30 min). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  WEBHOOKS_RETRY_BASE_MS = 10_000;

  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(1000)
  WEBHOOKS_DELIVERY_CONCURRENCY = 16;

  // Media storage (docs/media.md).
  /** `local` (files under DATA_DIR/media, served by this app) or `s3` (any S3-compatible store). */
  @IsIn(['local', 's3'])
  STORAGE_DRIVER: 'local' | 's3' = 'local';

  /** Key of the local driver's signed upload URLs; empty = derived from SESSION_SECRET. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  @MinLength(32)
  UPLOAD_SIGNING_SECRET?: string;

  /** Lifetime of pre-signed upload URLs (spec: 1 hour). */
  @Transform(toInt)
  @IsInt()
  @Min(1)
  @Max(604800)
  UPLOAD_URL_TTL_SECONDS = 3600;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(URL_RULES)
  S3_ENDPOINT?: string;

  @IsString()
  S3_REGION = 'us-east-1';

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_BUCKET?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_ACCESS_KEY_ID?: string;

  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  S3_SECRET_ACCESS_KEY?: string;

  /** Path-style addressing (`endpoint/bucket/key`), needed by MinIO, s3rver and some R2 setups. */
  @Transform(toBool)
  @IsBoolean()
  S3_FORCE_PATH_STYLE = false;

  /** Public address of the bucket's objects (CDN or R2 public URL); empty = derived from the endpoint. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsUrl(URL_RULES)
  S3_PUBLIC_BASE_URL?: string;

  /** ffprobe binary for video metadata; empty = the one of `ffprobe-static`. */
  @Transform(emptyToUndefined)
  @IsOptional()
  @IsString()
  FFPROBE_PATH?: string;

  /** Sweep stale uploads and orphaned files; empty = on, except when NODE_ENV=test. */
  @Transform(toBool)
  @IsOptional()
  @IsBoolean()
  MEDIA_SWEEP_ENABLED?: boolean;

  @Transform(toInt)
  @IsInt()
  @Min(1000)
  MEDIA_SWEEP_INTERVAL_MS = 600_000;

  /** Margin after an upload URL expires before its never-completed record is removed. */
  @Transform(toInt)
  @IsInt()
  @Min(0)
  MEDIA_PENDING_GRACE_SECONDS = 900;

  /** Path of the MCP server (Streamable HTTP) for AI assistants (docs/mcp.md). */
  @Matches(/^\/[A-Za-z0-9._~/-]*$/)
  MCP_PATH = '/mcp';

  /**
   * Bytes of tool results one MCP HTTP answer may carry (a batch shares it); a result past it is
   * a tool error saying so, so an answer can never grow past what can be serialized.
   */
  @Transform(toInt)
  @IsInt()
  @Min(1024)
  MCP_MAX_RESPONSE_BYTES = 32 * 1024 * 1024;
}

/** Turns class-validator errors into one line per variable, naming it. */
function describe(errors: ValidationError[], raw: Record<string, unknown>): string {
  // Show the value as it was given (the converted one may be NaN or null).
  return errors.map((e) => `${e.property}: ${Object.values(e.constraints ?? {}).join('; ')} (got ${JSON.stringify(raw[e.property])})`).join('\n');
}

export class ConfigurationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigurationError';
  }
}

/** Used by ConfigModule.forRoot({ validate }): a bad value stops start-up naming the variable. */
export function validateEnvironment(raw: Record<string, unknown>): Environment {
  const env = plainToInstance(Environment, raw, { exposeDefaultValues: true });
  const errors = validateSync(env, { skipMissingProperties: false, whitelist: false });
  if (errors.length > 0) {
    throw new ConfigurationError(`Invalid configuration:\n${describe(errors, raw)}`);
  }
  if (env.NODE_ENV === 'production') {
    const missing = (['SESSION_SECRET', 'ENCRYPTION_KEY'] as const).filter((k) => !env[k]);
    if (missing.length) {
      throw new ConfigurationError(`Invalid configuration:\n${missing.map((k) => `${k}: required in production`).join('\n')}`);
    }
  }
  if (env.ENCRYPTION_KEY && decodeKey(env.ENCRYPTION_KEY) === null) {
    throw new ConfigurationError('Invalid configuration:\nENCRYPTION_KEY: must be 32 bytes, as 64 hex characters or base64');
  }
  if (parseTrustProxy(env.TRUST_PROXY) === null) {
    throw new ConfigurationError(
      `Invalid configuration:\nTRUST_PROXY: "${env.TRUST_PROXY}" is not false, true, a hop count or a comma-separated list of proxy addresses, CIDR ranges, loopback, linklocal or uniquelocal`,
    );
  }
  if (env.HTTP_REQUEST_TIMEOUT_MS > 0 && env.HTTP_HEADERS_TIMEOUT_MS > env.HTTP_REQUEST_TIMEOUT_MS) {
    throw new ConfigurationError(
      'Invalid configuration:\nHTTP_HEADERS_TIMEOUT_MS: must not be longer than HTTP_REQUEST_TIMEOUT_MS (the headers are part of the request)',
    );
  }
  try {
    parseAllowedHosts(env.OUTBOUND_ALLOWED_HOSTS);
  } catch (err) {
    if (!(err instanceof AllowedHostsError)) throw err;
    throw new ConfigurationError(`Invalid configuration:\nOUTBOUND_ALLOWED_HOSTS: ${err.message}`);
  }
  if (env.STORAGE_DRIVER === 's3' && !env.S3_BUCKET) {
    throw new ConfigurationError('Invalid configuration:\nS3_BUCKET: required when STORAGE_DRIVER=s3');
  }
  if (Boolean(env.BOOTSTRAP_ADMIN_EMAIL) !== Boolean(env.BOOTSTRAP_ADMIN_PASSWORD)) {
    throw new ConfigurationError('Invalid configuration:\nBOOTSTRAP_ADMIN_EMAIL / BOOTSTRAP_ADMIN_PASSWORD: set both or neither');
  }
  return env;
}

/** 32-byte key from hex or base64, or null when it is neither. */
export function decodeKey(value: string): Buffer | null {
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  const b64 = Buffer.from(value, 'base64');
  return b64.length === 32 ? b64 : null;
}

/** Every variable `Environment` declares (`.env.example` must list exactly these; a test checks it). */
export function environmentVariableNames(): string[] {
  const metadata = getMetadataStorage().getTargetValidationMetadatas(Environment, '', true, false);
  return [...new Set(metadata.map((m) => m.propertyName))].sort();
}

/**
 * Prefixes of this service's variables. A set variable with one of them that the service does not
 * read is most likely a typo (`SCHEDULER_INTERVAL` for `SCHEDULER_INTERVAL_MS`); generic prefixes
 * other programs use too (NODE_, LOG_, DATA_) are left out so the warning never cries wolf.
 */
const OWN_PREFIXES = [
  'BOOTSTRAP_',
  'CONNECT_',
  'CORS_',
  'SHUTDOWN_',
  'DEMO_',
  'EMBEDDED_',
  'ENCRYPTION_',
  // Not HTTP_ alone: HTTP_PROXY is another program's.
  'HTTP_BODY_',
  'HTTP_HEADERS_',
  'HTTP_REQUEST_',
  'HTTP_KEEP_ALIVE_',
  'MCP_',
  'MEDIA_',
  'METRICS_',
  'MONGODB_',
  'OUTBOUND_',
  'PLATFORM_',
  'PUBLISH_',
  'RATE_LIMIT_',
  'S3_',
  'SCHEDULER_',
  'SIGNUP_',
  'SMTP_',
  'TOKEN_',
  'TRUST_',
  'UPLOAD_',
  'WEBHOOKS_',
  'WEBHOOK_',
  'TWITTER_',
  'LINKEDIN_',
  'INSTAGRAM_',
  'THREADS_',
  'TIKTOK_',
  'YOUTUBE_',
  'FACEBOOK_',
  'BLUESKY_',
  'MASTODON_',
  'TELEGRAM_',
  'PINTEREST_',
];

/** Edit distance, for "did you mean" (names are short; a library would be overkill here). */
function distance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** Set variables that look like ours but are not read, each with the closest known name. */
export function unknownVariables(raw: Record<string, unknown>): { name: string; suggestion: string | null }[] {
  const known = environmentVariableNames();
  return Object.keys(raw)
    .filter((name) => OWN_PREFIXES.some((prefix) => name.startsWith(prefix)) && !known.includes(name))
    .sort()
    .map((name) => {
      const closest = known.map((candidate) => ({ candidate, d: candidate.startsWith(name) ? 0 : distance(name, candidate) })).sort((x, y) => x.d - y.d)[0];
      return { name, suggestion: closest && closest.d <= Math.max(3, Math.floor(name.length / 4)) ? closest.candidate : null };
    });
}

/** The variables as given: `.env` (when present) under the process environment, under overrides. */
export function rawEnvironment(
  processEnv: NodeJS.ProcessEnv = process.env,
  overrides: Record<string, string | undefined> = {},
  envFile = '.env',
): Record<string, string | undefined> {
  const fromFile = existsSync(envFile) ? parseEnv(readFileSync(envFile, 'utf8')) : {};
  return { ...fromFile, ...processEnv, ...overrides };
}

/** Reads `.env` (when present; the process environment wins) and validates everything. */
export function loadEnvironment(
  processEnv: NodeJS.ProcessEnv = process.env,
  overrides: Record<string, string | undefined> = {},
  envFile = '.env',
): Environment {
  return validateEnvironment(rawEnvironment(processEnv, overrides, envFile));
}

import path from 'node:path';
import { z } from 'zod';
import { readOrCreateSecretsFile, SecretsFileError, type StoredSecrets } from './secrets-file.ts';

const bool = z
  .enum(['true', 'false', '1', '0'], { message: 'ожидалось true или false' })
  .transform((v) => v === 'true' || v === '1');

const envSchema = z.object({
  PORT: z.coerce.number({ message: 'ожидалось число' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'ожидался адрес вида postgres://пользователь@хост:порт/база')
    .optional(),
  PUBLIC_DIR: z.string().min(1).default('./dist'),
  JWT_SECRET: z.string().min(32, 'нужно не меньше 32 символов').optional(),
  ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'нужны 32 байта в base64')
    .optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(5).default(900),
  REFRESH_TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(60 * 60 * 24 * 30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  LOGIN_MAX_ATTEMPTS_PER_IP: z.coerce.number().int().min(1).default(100),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  // A client retries a lost refresh answer within seconds; longer only widens the reuse of a copied token.
  REFRESH_RETRY_WINDOW_SECONDS: z.coerce.number().int().min(0).max(30).default(30),
  PUSH_DEADLINE_MS: z.coerce.number().int().min(1).default(10_000),
  PAGE_CACHE_MB: z.coerce.number().int().min(0).max(4096).default(32),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
  WRITES_PER_USER: z.coerce.number().int().min(1).default(4),
  WRITE_SLOT_WAIT_MS: z.coerce.number().int().min(0).default(2000),
  EMBEDDED_PUSH_CONCURRENCY: z.coerce.number({ message: 'ожидалось число' }).int().min(1).default(1),
  EMBEDDED_PUSH_WAIT_MS: z.coerce.number({ message: 'ожидалось число' }).int().min(0).default(2000),
  JOBS_ENABLED: bool.default(true),
  JOB_POLL_MS: z.coerce.number().int().min(10).default(1000),
  JOB_LEASE_SECONDS: z.coerce.number().int().min(1).default(120),
  JOB_RETRY_BASE_MS: z.coerce.number().int().min(1).default(1000),
  JOB_STOP_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  JOBS_PER_USER: z.coerce.number().int().min(1).default(1),
  JOBS_QUEUE_LIMIT: z.coerce.number().int().min(1).default(50),
  OZON_API_URL: z.url({ message: 'ожидался адрес http(s)://…' }).default('https://api-seller.ozon.ru'),
  WB_CONTENT_API_URL: z.url({ message: 'ожидался адрес http(s)://…' }).default('https://content-api.wildberries.ru'),
  WB_ANALYTICS_API_URL: z
    .url({ message: 'ожидался адрес http(s)://…' })
    .default('https://seller-analytics-api.wildberries.ru'),
  WB_MARKETPLACE_API_URL: z
    .url({ message: 'ожидался адрес http(s)://…' })
    .default('https://marketplace-api.wildberries.ru'),
  YM_API_URL: z.url({ message: 'ожидался адрес http(s)://…' }).default('https://api.partner.market.yandex.ru'),
  MARKETPLACE_PAGE_SIZE: z.coerce.number({ message: 'ожидалось число' }).int().min(1).max(1000).optional(),
  STOCK_PUSH_BATCH_SIZE: z.coerce.number({ message: 'ожидалось число' }).int().min(1).max(2000).optional(),
  STOCK_PUSH_MINUTE_MS: z.coerce.number({ message: 'ожидалось число' }).int().min(100).default(60_000),
  STOCK_PUSH_DEBOUNCE_MS: z.coerce.number({ message: 'ожидалось число' }).int().min(0).default(2000),
  STOCK_PUSH_MAX_WAIT_MS: z.coerce.number({ message: 'ожидалось число' }).int().min(0).default(10_000),
  OZON_STOCKS_PER_MINUTE: z.coerce.number({ message: 'ожидалось число' }).int().min(1).default(80),
  WB_MARKETPLACE_PER_MINUTE: z.coerce.number({ message: 'ожидалось число' }).int().min(1).default(300),
  WB_MARKETPLACE_BURST: z.coerce.number({ message: 'ожидалось число' }).int().min(1).default(20),
  YM_STOCK_SKUS_PER_MINUTE: z.coerce.number({ message: 'ожидалось число' }).int().min(1).default(100_000),
  ORDER_INTAKE_ENABLED: bool.default(true),
  ORDER_INTAKE_TICK_MS: z.coerce.number({ message: 'ожидалось число' }).int().min(10).default(1000),
  ORDER_INTAKE_LEASE_SECONDS: z.coerce.number({ message: 'ожидалось число' }).int().min(1).default(120),
  ORDER_INTAKE_OVERLAP_SECONDS: z.coerce.number({ message: 'ожидалось число' }).int().min(0).default(300),
  ORDER_INTAKE_FIRST_DAYS: z.coerce.number({ message: 'ожидалось число' }).int().min(1).max(90).default(14),
  ORDER_INTAKE_CONCURRENCY: z.coerce.number({ message: 'ожидалось число' }).int().min(1).max(32).default(4),
  TRUST_PROXY: bool.default(false),
  UPLOADS_STORE: z.enum(['folder', 'database', 's3'], { message: 'ожидалось folder, database или s3' }).optional(),
  S3_ENDPOINT: z.url({ message: 'ожидался адрес http(s)://…' }).optional(),
  S3_BUCKET: z.string().min(3, 'нужно имя корзины от 3 символов').optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: bool.default(true),
  CSP_EXTRA_IMAGE_ORIGINS: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((o) => o.trim())
        .filter((o) => o !== ''),
    )
    .pipe(
      z.array(
        z.string().regex(/^https?:\/\/[^/\s;,']+$/, 'ожидались адреса вида http://хост:порт через запятую, без пути'),
      ),
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Absent: the embedded PGlite database in `${dataDir}/db`. `memory://` keeps it in memory. */
  databaseUrl?: string;
  /** PostgreSQL cancels a statement running longer (0: never). PGlite cannot interrupt one. */
  statementTimeoutMs: number;
  publicDir: string;
  jwtSecret: Uint8Array;
  encryptionKey: Buffer;
  accessTokenTtl: number;
  refreshTokenTtl: number;
  /**
   * How long after a rotation a retried refresh of the old token replays the same pair instead of counting as reuse.
   */
  refreshRetryWindowSeconds: number;
  /** A push starts no new group after this long; the rest are answered 503 for the client to send again. */
  pushDeadlineMs: number;
  /** Memory for read answers kept per user until their data changes (server/lib/user-page-cache.ts); 0 keeps none. */
  pageCacheBytes: number;
  /** Write transactions (or pushes) one user may run at once, and how long one past that waits for a slot. */
  writes: { perUser: number; slotWaitMs: number };
  /**
   * The embedded database runs one transaction at a time: pushes applied at once by this many (server-wide), and
   * how long one past that waits before it is answered 503 with Retry-After. Reads are never refused.
   * PostgreSQL has no such cap.
   */
  embeddedPush: { concurrency: number; waitMs: number };
  login: { maxFailures: number; maxAttemptsPerIp: number; windowSeconds: number };
  /**
   * The job queue: workers per instance (`concurrency`), jobs one user may have running at once on all instances
   * together (`perUser`), and jobs one user may have waiting (`queueLimit`; past it enqueue answers 429).
   */
  jobs: {
    enabled: boolean;
    pollMs: number;
    leaseSeconds: number;
    retryBaseMs: number;
    stopTimeoutMs: number;
    concurrency: number;
    perUser: number;
    queueLimit: number;
  };
  /**
   * The order intake (server/orders/): on where jobs run; how often an instance looks for due stores, how long a
   * claim lasts without renewal, how far back each run re-reads, how far back the first run of a store reads, and
   * how many stores one instance reads at once.
   */
  orderIntake: {
    enabled: boolean;
    tickMs: number;
    leaseSeconds: number;
    overlapSeconds: number;
    firstRunDays: number;
    concurrency: number;
  };
  /** Where the catalog adapters send requests: the real APIs, or the sandbox (`npm run sandbox`, tests, demo). */
  marketplaces: {
    ozonUrl: string;
    wildberriesUrl: string;
    wildberriesAnalyticsUrl: string;
    wildberriesMarketplaceUrl: string;
    yandexMarketUrl: string;
    pageSize?: number;
  };
  /**
   * The stock push's limits (the specs' by default) and batch size; `minuteMs` is how long their "minute"
   * is — tests shorten it, with the sandbox's, so pacing shows in seconds. The automatic push waits `debounceMs` of
   * quiet after a change, but never more than `maxWaitMs` after the first change of a burst.
   */
  stockPush: {
    batchSize?: number;
    minuteMs: number;
    debounceMs: number;
    maxWaitMs: number;
    ozonPerMinute: number;
    wbPerMinute: number;
    wbBurst: number;
    ymSkusPerMinute: number;
  };
  trustProxy: boolean;
  /**
   * Where uploaded pictures live (server/uploads/). `store` absent: S3 when a bucket is configured, else the
   * database on PostgreSQL, else the folder DATA_DIR/uploads. The S3 keys are secrets: never log this part.
   */
  uploads: { store?: 'folder' | 'database' | 's3'; s3?: S3Settings };
  /**
   * Picture origins the CSP allows besides 'self', data:, blob: and https: (img-src, and connect-src of the
   * service worker that fetches pictures) — empty in real use. Only the demo sets it, to its sandbox
   * marketplace that serves catalog pictures over plain http.
   */
  extraImageOrigins: string[];
  logLevel: Env['LOG_LEVEL'];
}

export interface S3Settings {
  /** Absent: AWS itself. An S3-compatible service (MinIO, a cloud's object storage) gives its address. */
  endpoint?: string;
  bucket: string;
  region: string;
  /** Absent: the SDK's own chain (environment, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  forcePathStyle: boolean;
}

export class ConfigError extends Error {}

/** Reads the environment once at start; a bad value stops the process with every problem listed. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ошибка конфигурации:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.UPLOADS_STORE === 's3' && !e.S3_BUCKET)
    throw new ConfigError('Ошибка конфигурации:\n  S3_BUCKET: нужен, когда UPLOADS_STORE=s3');
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY)
    throw new ConfigError('Ошибка конфигурации:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: задайте оба или ни одного');
  const dataDir = path.resolve(e.DATA_DIR);
  const secrets = e.JWT_SECRET && e.ENCRYPTION_KEY ? undefined : loadOrCreateSecrets(dataDir);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    statementTimeoutMs: e.DB_STATEMENT_TIMEOUT_MS,
    publicDir: path.resolve(e.PUBLIC_DIR),
    jwtSecret: new TextEncoder().encode(e.JWT_SECRET ?? secrets!.jwtSecret),
    encryptionKey: Buffer.from(e.ENCRYPTION_KEY ?? secrets!.encryptionKey, 'base64'),
    accessTokenTtl: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL_SECONDS,
    refreshRetryWindowSeconds: e.REFRESH_RETRY_WINDOW_SECONDS,
    pushDeadlineMs: e.PUSH_DEADLINE_MS,
    pageCacheBytes: e.PAGE_CACHE_MB * 1024 * 1024,
    writes: { perUser: e.WRITES_PER_USER, slotWaitMs: e.WRITE_SLOT_WAIT_MS },
    embeddedPush: { concurrency: e.EMBEDDED_PUSH_CONCURRENCY, waitMs: e.EMBEDDED_PUSH_WAIT_MS },
    login: {
      maxFailures: e.LOGIN_MAX_FAILURES,
      maxAttemptsPerIp: e.LOGIN_MAX_ATTEMPTS_PER_IP,
      windowSeconds: e.LOGIN_WINDOW_SECONDS,
    },
    jobs: {
      enabled: e.JOBS_ENABLED,
      pollMs: e.JOB_POLL_MS,
      leaseSeconds: e.JOB_LEASE_SECONDS,
      retryBaseMs: e.JOB_RETRY_BASE_MS,
      stopTimeoutMs: e.JOB_STOP_TIMEOUT_MS,
      concurrency: e.JOBS_CONCURRENCY,
      perUser: e.JOBS_PER_USER,
      queueLimit: e.JOBS_QUEUE_LIMIT,
    },
    orderIntake: {
      enabled: e.JOBS_ENABLED && e.ORDER_INTAKE_ENABLED,
      tickMs: e.ORDER_INTAKE_TICK_MS,
      leaseSeconds: e.ORDER_INTAKE_LEASE_SECONDS,
      overlapSeconds: e.ORDER_INTAKE_OVERLAP_SECONDS,
      firstRunDays: e.ORDER_INTAKE_FIRST_DAYS,
      concurrency: e.ORDER_INTAKE_CONCURRENCY,
    },
    marketplaces: {
      ozonUrl: e.OZON_API_URL,
      wildberriesUrl: e.WB_CONTENT_API_URL,
      wildberriesAnalyticsUrl: e.WB_ANALYTICS_API_URL,
      wildberriesMarketplaceUrl: e.WB_MARKETPLACE_API_URL,
      yandexMarketUrl: e.YM_API_URL,
      pageSize: e.MARKETPLACE_PAGE_SIZE,
    },
    stockPush: {
      batchSize: e.STOCK_PUSH_BATCH_SIZE,
      minuteMs: e.STOCK_PUSH_MINUTE_MS,
      debounceMs: e.STOCK_PUSH_DEBOUNCE_MS,
      maxWaitMs: e.STOCK_PUSH_MAX_WAIT_MS,
      ozonPerMinute: e.OZON_STOCKS_PER_MINUTE,
      wbPerMinute: e.WB_MARKETPLACE_PER_MINUTE,
      wbBurst: e.WB_MARKETPLACE_BURST,
      ymSkusPerMinute: e.YM_STOCK_SKUS_PER_MINUTE,
    },
    trustProxy: e.TRUST_PROXY,
    uploads: {
      store: e.UPLOADS_STORE,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    extraImageOrigins: e.CSP_EXTRA_IMAGE_ORIGINS,
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * Secrets not given in the environment are generated on first start and kept in DATA_DIR,
 * so tokens and encrypted store keys survive restarts. Several instances must share them
 * through JWT_SECRET and ENCRYPTION_KEY instead.
 */
function loadOrCreateSecrets(dataDir: string): StoredSecrets {
  try {
    return readOrCreateSecretsFile(path.join(dataDir, 'secrets.json'));
  } catch (err) {
    if (err instanceof SecretsFileError) throw new ConfigError(err.message);
    throw err;
  }
}

import type { Db } from '../db/client.ts';
import type { SecretBox } from '../lib/secret-box.ts';
import { mirroredTables } from '../sync/tables.ts';
import { AuthAttemptsRepository } from './auth-attempts.ts';
import { CatalogRepository } from './catalog.ts';
import { ChangeMarkerRepository } from './change-marker.ts';
import { StockRepository } from './stock.ts';
import { BatchesRepository } from './batches.ts';
import { LotsRepository } from './lots.ts';
import { OtherRealizationsRepository } from './other-realizations.ts';
import { CountsRepository } from './counts.ts';
import { DisposalsRepository } from './disposals.ts';
import { MarkdownsRepository } from './markdowns.ts';
import { ReservesRepository } from './reserves.ts';
import { RealizationsRepository } from './realizations.ts';
import { HealthRepository } from './health.ts';
import { StatisticsRepository } from './statistics.ts';
import { IdempotencyRepository } from './idempotency.ts';
import { JobsRepository } from './jobs.ts';
import { MarketsRepository } from './markets.ts';
import { OrderIntakeRepository } from './order-intake.ts';
import { OrderListRepository } from './order-list.ts';
import { OrdersRepository } from './orders.ts';
import { PacersRepository } from './pacers.ts';
import { PostingsRepository } from './postings.ts';
import { ProductsRepository } from './products.ts';
import { RefreshTokensRepository } from './refresh-tokens.ts';
import { ReturnsImportRepository } from './returns-import.ts';
import { SessionsRepository } from './sessions.ts';
import { ReturnsRepository } from './returns.ts';
import { StockPushRepository } from './stock-push.ts';
import { SyncRepository } from './sync.ts';
import { TeamRepository } from './team.ts';
import { UploadsRepository } from './uploads.ts';
import { UsersRepository } from './users.ts';

export function createRepositories(db: Db, secrets: SecretBox) {
  return {
    users: new UsersRepository(db),
    team: new TeamRepository(db),
    refreshTokens: new RefreshTokensRepository(db),
    sessions: new SessionsRepository(db),
    authAttempts: new AuthAttemptsRepository(db),
    idempotency: new IdempotencyRepository(db),
    health: new HealthRepository(db),
    statistics: new StatisticsRepository(db),
    markets: new MarketsRepository(db),
    products: new ProductsRepository(db),
    changeMarker: new ChangeMarkerRepository(db),
    sync: new SyncRepository(db, mirroredTables, { secrets }),
    jobs: new JobsRepository(db),
    catalog: new CatalogRepository(db),
    returnsImport: new ReturnsImportRepository(db),
    postings: new PostingsRepository(db),
    stock: new StockRepository(db),
    lots: new LotsRepository(db),
    batches: new BatchesRepository(db),
    otherRealizations: new OtherRealizationsRepository(db),
    counts: new CountsRepository(db),
    disposals: new DisposalsRepository(db),
    markdowns: new MarkdownsRepository(db),
    reserves: new ReservesRepository(db),
    realizations: new RealizationsRepository(db),
    returns: new ReturnsRepository(db),
    stockPush: new StockPushRepository(db),
    orders: new OrdersRepository(db),
    orderList: new OrderListRepository(db),
    orderIntake: new OrderIntakeRepository(db),
    pacers: new PacersRepository(db),
    uploads: new UploadsRepository(db),
  };
}

export type Repositories = ReturnType<typeof createRepositories>;

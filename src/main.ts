import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { AccountsBootstrapService } from './auth/accounts-bootstrap.service';
import { ConfigurationError, loadEnvironment, rawEnvironment, unknownVariables } from './config/environment';
import { openDatabase } from './database/database-server';
import { applyHeapGrowth } from './common/heap-growth';
import { BootLogger, rootLogger, writePlain } from './logging';

async function bootstrap(): Promise<void> {
  // First thing: it applies from the next full collection on (fewer of them under load).
  applyHeapGrowth();
  const environment = loadEnvironment();
  // One logger from the first line on: the embedded database logs before the app exists.
  Logger.overrideLogger(new BootLogger(rootLogger(environment)));
  const database = await openDatabase(environment);
  const app = await createApp(environment, database);
  await app.listen({ port: environment.PORT, host: environment.HOST });
  const logger = new Logger('Bootstrap');
  for (const { name, suggestion } of unknownVariables(rawEnvironment())) {
    logger.warn(`${name} is set but not a variable this service reads${suggestion ? ` (did you mean ${suggestion}?)` : ''}; see .env.example`);
  }
  const url = await app.getUrl();
  logger.log(`Listening on ${url} (health: /health)`);
  const banner = app.get(AccountsBootstrapService).firstRunBanner(url);
  if (banner) writePlain(environment, banner);
  // Graceful shutdown: app.close() lets in-flight HTTP requests finish and stops the scheduler, the
  // outbox worker and Mongoose (Nest hooks); the embedded database goes last so in-flight writes
  // finish and its journal is flushed. Past the grace period the process exits anyway, so a stuck
  // hook can never leave it holding the port.
  const shutdown = async (signal: string) => {
    logger.log(`${signal} received: shutting down (grace period ${environment.SHUTDOWN_GRACE_MS} ms)`);
    setTimeout(() => {
      logger.error(`Shutdown did not finish within ${environment.SHUTDOWN_GRACE_MS} ms (SHUTDOWN_GRACE_MS); exiting`);
      process.exit(1);
    }, environment.SHUTDOWN_GRACE_MS).unref();
    await app.close();
    await database.stop();
    logger.log('Stopped');
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigurationError) {
    console.error(err.message);
  } else {
    console.error('Start-up failed:', err);
  }
  process.exit(1);
});

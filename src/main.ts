import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { createApp } from './app.factory';
import { ConfigurationError, loadEnvironment, rawEnvironment, unknownVariables } from './config/environment';
import { openDatabase } from './database/database-server';

async function bootstrap(): Promise<void> {
  const environment = loadEnvironment();
  const database = await openDatabase(environment);
  const app = await createApp(environment, database);
  await app.listen({ port: environment.PORT, host: environment.HOST });
  const logger = new Logger('Bootstrap');
  for (const { name, suggestion } of unknownVariables(rawEnvironment())) {
    logger.warn(`${name} is set but not a variable this service reads${suggestion ? ` (did you mean ${suggestion}?)` : ''}; see .env.example`);
  }
  logger.log(`Listening on ${await app.getUrl()} (health: /health)`);
  // Graceful shutdown: app.close() stops HTTP, the scheduler and Mongoose (Nest hooks); the
  // embedded database goes last so in-flight writes finish.
  const shutdown = async () => {
    await app.close();
    await database.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

bootstrap().catch((err: unknown) => {
  if (err instanceof ConfigurationError) {
    console.error(err.message);
  } else {
    console.error('Start-up failed:', err);
  }
  process.exit(1);
});

import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { configureApp } from 'social-post-scheduler';
import { AcmeAppModule } from './acme-app.module';
import { AcmeSettings } from './acme-settings';

/** `node -r @swc-node/register examples/embedding-app/main.ts`: the service and Acme's routes on ACME_PORT (4000). */
async function main(): Promise<void> {
  const app = await NestFactory.create<NestFastifyApplication>(AcmeAppModule, new FastifyAdapter(), { abortOnError: false });
  await configureApp(app, { dashboardDir: null });
  const settings = app.get(AcmeSettings);
  await app.listen({ port: settings.serviceEnvironment.PORT, host: settings.serviceEnvironment.HOST });
  console.log(`Acme with the scheduling service on ${await app.getUrl()} (GET /acme/post-summary)`);
  process.once('SIGTERM', () => void app.close().then(() => settings.stopDatabase()));
}

void main();

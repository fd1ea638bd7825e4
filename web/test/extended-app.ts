/**
 * The service with a platform plugin (the Discord-style webhook of examples/discord-webhook) and
 * its fake, serving the built dashboard: Playwright starts it beside the plain app, for the
 * browser test of how the dashboard shows a platform it was not built with (extensions.spec.ts).
 */
import 'reflect-metadata';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createApp, loadEnvironment, openDatabase } from 'social-post-scheduler';
import { DiscordWebhookModule, DiscordWebhookPlatform } from '../../examples/discord-webhook/discord-webhook.plugin';
import { FakeDiscordServer } from '../../examples/discord-webhook/discord.fake';
import { DISCORD, extendedPort, extendedURL } from '../playwright.config';

async function main(): Promise<void> {
  const discord = new FakeDiscordServer();
  await discord.start(DISCORD.fakePort);
  discord.addWebhook(DISCORD.webhookName, DISCORD.webhookToken);
  const environment = loadEnvironment(
    process.env,
    {
      NODE_ENV: 'development',
      PORT: String(extendedPort),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sps-web-extended-')),
      MONGODB_URI: '',
      LOG_LEVEL: 'warn',
      DEMO_ACCOUNT: 'false',
      SIGNUP_LIMIT_PER_HOUR: '0',
      PUBLIC_BASE_URL: extendedURL,
    },
    '/nonexistent/.env',
  );
  const database = await openDatabase(environment);
  const app = await createApp(environment, database, {
    dashboardDir: resolve(__dirname, '../../dist/dashboard'),
    extensions: { imports: [DiscordWebhookModule.forRoot({ apiBase: discord.baseUrl })], platforms: [{ useExisting: DiscordWebhookPlatform }] },
  });
  await app.listen({ port: extendedPort, host: '127.0.0.1' });
  const stop = () => void app.close().then(() => Promise.all([database.stop(), discord.stop()]).then(() => process.exit(0)));
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

void main();

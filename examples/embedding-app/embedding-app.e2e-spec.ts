import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { createConnection } from '@test/support';
import { ApiKeysService } from '../../src/auth/api-keys.service';
import { UsersService } from '../../src/auth/users.service';
import { configureApp } from 'social-post-scheduler';
import { AcmeAppModule } from './acme-app.module';
import { AcmeSettings } from './acme-settings';

/** An application of its own importing the service through AppModule.forRootAsync, its configuration from its own provider. */
describe('Example: an application that embeds the service', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'acme-'));
  const saved = { ...process.env };
  let app: NestFastifyApplication;
  let http: ReturnType<typeof request>;
  let headers: Record<string, string>;
  let userId: string;

  beforeAll(async () => {
    Object.assign(process.env, {
      ACME_DATA_DIR: dataDir,
      ACME_PORT: '0',
      ACME_TEAM_NAME: 'Acme Robotics',
      ACME_MONGODB_URI: '',
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DEMO_ACCOUNT: 'false',
      SCHEDULER_ENABLED: 'false',
    });
    app = await NestFactory.create<NestFastifyApplication>(AcmeAppModule, new FastifyAdapter(), { abortOnError: false, logger: false });
    await configureApp(app, { dashboardDir: null });
    await app.listen({ port: 0, host: '127.0.0.1' });
    http = request((await app.getUrl()).replace('[::1]', '127.0.0.1'));
    const user = await app.get(UsersService).create({ email: 'ops@acme.test', password: 'correct horse battery', plan: 'pro' });
    userId = user.id;
    headers = { 'x-api-key': (await app.get(ApiKeysService).issue(user.id, 'Acme')).rawKey };
  }, 60_000);
  afterAll(async () => {
    const settings = app?.get(AcmeSettings);
    await app?.close();
    await settings?.stopDatabase();
    process.env = saved;
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("serves the service's own routes, with its contract", async () => {
    expect((await http.get('/health')).status).toBe(200);
    const res = await http.post('/api/v1/create-post').set(headers).send({ content: 'Drafted inside Acme', platforms: [] });
    expect(res.status).toBe(400);
    expect((await http.get('/api/v1/list-posts')).body).toEqual({ error: 'API key is required' });
  });

  it('serves its own route beside them, calling the posts service for the key-authenticated caller', async () => {
    const empty = await http.get('/acme/post-summary').set(headers).expect(200);
    expect(empty.body).toEqual({ team: 'Acme Robotics', total: 0, byStatus: {} });
    const { platformId } = await createConnection({ app }, userId, { platform: 'linkedin' });
    await http
      .post('/api/v1/create-post')
      .set(headers)
      .send({ content: 'Drafted inside Acme', platforms: [platformId] })
      .expect(200);
    const counted = await http.get('/acme/post-summary').set(headers).expect(200);
    expect(counted.body).toEqual({ team: 'Acme Robotics', total: 1, byStatus: { draft: 1 } });
    expect((await http.get('/acme/post-summary')).status).toBe(401);
  });

  it('keeps its data where its own configuration says', () => {
    expect(app.get(AcmeSettings).serviceEnvironment.DATA_DIR).toBe(dataDir);
  });
});

import { FakePlatformServer, type FakeRequest, type FakeResponse } from '@test/support/fakes';

/** A message the fake channel received. */
export interface FakeDiscordMessage {
  id: string;
  webhookId: string;
  channelId: string;
  content: string;
  allowedMentions: unknown;
}

/**
 * Discord's incoming webhooks (`/api/webhooks/<id>/<token>`): GET answers the webhook, POST with
 * `?wait=true` posts a message and answers it; an unknown id or token is Discord's 404
 * `Unknown Webhook`, content over 2,000 characters its 400.
 */
export class FakeDiscordServer extends FakePlatformServer {
  private readonly webhooks = new Map<string, { id: string; token: string; name: string; channelId: string; guildId: string }>();
  readonly messages: FakeDiscordMessage[] = [];

  constructor() {
    super();
    this.route('GET', '/api/webhooks/:id/:token', (req) =>
      this.withWebhook(req, (w) => ({ status: 200, body: { id: w.id, name: w.name, channel_id: w.channelId, guild_id: w.guildId } })),
    );
    this.route('POST', '/api/webhooks/:id/:token', (req) =>
      this.withWebhook(req, (w) => {
        const body = req.body as { content?: string; allowed_mentions?: unknown };
        if (!body?.content) return { status: 400, body: { message: 'Cannot send an empty message', code: 50006 } };
        if (body.content.length > 2000) return { status: 400, body: { message: 'Invalid Form Body', code: 50035 } };
        const message = { id: this.nextId('9'), webhookId: w.id, channelId: w.channelId, content: body.content, allowedMentions: body.allowed_mentions };
        this.messages.push(message);
        return { status: 200, body: { id: message.id, channel_id: w.channelId, content: body.content } };
      }),
    );
  }

  /** A channel's webhook; returns its URL, as Discord shows it. */
  addWebhook(name = 'announcements', token = `tok_${this.nextId()}`): string {
    const id = String(1000000 + this.webhooks.size);
    this.webhooks.set(id, { id, token, name, channelId: `55${id}`, guildId: '777' });
    return `${this.baseUrl}/api/webhooks/${id}/${token}`;
  }

  deleteWebhook(url: string): void {
    this.webhooks.delete(url.split('/').at(-2)!);
  }

  protected override isPublic(): boolean {
    return true;
  }

  protected authError(): FakeResponse {
    return { status: 401, body: { message: '401: Unauthorized', code: 0 } };
  }

  protected rateLimitError(_req: FakeRequest, retryAfterSeconds: number): FakeResponse {
    return {
      status: 429,
      headers: { 'retry-after': String(retryAfterSeconds) },
      body: { message: 'You are being rate limited.', retry_after: retryAfterSeconds, global: false },
    };
  }

  private withWebhook(
    req: FakeRequest,
    answer: (w: { id: string; token: string; name: string; channelId: string; guildId: string }) => FakeResponse,
  ): FakeResponse {
    const webhook = this.webhooks.get(req.params.id);
    if (!webhook || webhook.token !== req.params.token) return { status: 404, body: { message: 'Unknown Webhook', code: 10015 } };
    return answer(webhook);
  }
}

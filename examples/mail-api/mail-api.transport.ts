import { DynamicModule, Inject, Injectable, Module } from '@nestjs/common';
import type { MailTransport, OutgoingMail } from 'social-post-scheduler';

export interface MailApiOptions {
  /** The provider's send endpoint, e.g. `https://api.mail.example/v1/send`. */
  endpoint: string;
  /** Server token of the provider account (from the embedding app's secret store). */
  token: string;
}

const MAIL_API_OPTIONS = Symbol('MAIL_API_OPTIONS');

/**
 * E-mail through a transactional mail provider's HTTP API instead of SMTP. A refusal (non-2xx)
 * rejects, and the service records that e-mail as failed with the provider's answer.
 */
@Injectable()
export class MailApiTransport implements MailTransport {
  constructor(@Inject(MAIL_API_OPTIONS) private readonly options: MailApiOptions) {}

  async send(mail: OutgoingMail): Promise<void> {
    const res = await fetch(this.options.endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${this.options.token}` },
      body: JSON.stringify({ from: mail.from, to: [mail.to], subject: mail.subject, text: mail.text }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`The mail API answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
  }
}

@Module({})
export class MailApiModule {
  static forRoot(options: MailApiOptions): DynamicModule {
    return { module: MailApiModule, providers: [{ provide: MAIL_API_OPTIONS, useValue: options }, MailApiTransport], exports: [MailApiTransport] };
  }
}

import { Inject, Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { AppConfig } from '../config/app-config.service';
import { CUSTOM_MAIL_TRANSPORT, type MailTransport, type OutgoingMail } from './mail-transport';

export type { OutgoingMail } from './mail-transport';

/**
 * The embedding app's transport when it supplies one (`extensions.mail`); else SMTP delivery when
 * `SMTP_URL` is set (nodemailer); `configured` false otherwise, and callers
 * keep the message in their outbox instead. Timeouts are short: a slow SMTP server must not
 * hold work open for long. nodemailer is loaded with the first message: most instances never
 * send one, and it is 2.6 MB of heap and ~0.1 s of start-up.
 */
@Injectable()
export class LimitMailer implements OnModuleDestroy {
  private readonly logger = new Logger(LimitMailer.name);
  private readonly smtpUrl: string | undefined;
  private transport: Promise<Transporter> | undefined;
  readonly from: string;

  constructor(
    config: AppConfig,
    @Inject(CUSTOM_MAIL_TRANSPORT) private readonly custom: MailTransport | null,
  ) {
    this.from = config.env.MAIL_FROM;
    this.smtpUrl = config.env.SMTP_URL || undefined;
  }

  get configured(): boolean {
    return this.custom !== null || this.smtpUrl !== undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (this.custom) {
      await this.custom.send(mail);
      this.logger.log({ to: mail.to, subject: mail.subject }, 'E-mail handed to the mail transport');
      return;
    }
    const url = this.smtpUrl;
    if (!url) throw new Error('SMTP is not configured');
    this.transport ??= import('nodemailer').then(({ createTransport }) =>
      createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 } as SMTPTransport.Options),
    );
    await (await this.transport).sendMail(mail);
    this.logger.log({ to: mail.to, subject: mail.subject }, 'E-mail sent');
  }

  async onModuleDestroy(): Promise<void> {
    (await this.transport)?.close();
  }
}

import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import type { Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import { AppConfig } from '../config/app-config.service';

export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

/**
 * SMTP delivery when `SMTP_URL` is set (nodemailer); `configured` false otherwise, and callers
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

  constructor(config: AppConfig) {
    this.from = config.env.MAIL_FROM;
    this.smtpUrl = config.env.SMTP_URL || undefined;
  }

  get configured(): boolean {
    return this.smtpUrl !== undefined;
  }

  async send(mail: OutgoingMail): Promise<void> {
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

import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { createTransport, type Transporter } from 'nodemailer';
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
 * hold work open for long.
 */
@Injectable()
export class LimitMailer implements OnModuleDestroy {
  private readonly logger = new Logger(LimitMailer.name);
  private readonly transport: Transporter | null;
  readonly from: string;

  constructor(config: AppConfig) {
    this.from = config.env.MAIL_FROM;
    this.transport = config.env.SMTP_URL
      ? createTransport({
          url: config.env.SMTP_URL,
          connectionTimeout: 10_000,
          greetingTimeout: 10_000,
          socketTimeout: 20_000,
        } as SMTPTransport.Options)
      : null;
  }

  get configured(): boolean {
    return this.transport !== null;
  }

  async send(mail: OutgoingMail): Promise<void> {
    if (!this.transport) throw new Error('SMTP is not configured');
    await this.transport.sendMail(mail);
    this.logger.log({ to: mail.to, subject: mail.subject }, 'E-mail sent');
  }

  onModuleDestroy(): void {
    this.transport?.close();
  }
}

/** One e-mail the service sends (the limit-reached notice). */
export interface OutgoingMail {
  to: string;
  from: string;
  subject: string;
  text: string;
}

/**
 * Where e-mail goes: SMTP (`SMTP_URL`) unless an embedding app supplies its own transport
 * (`extensions.mail`: a provider API, a queue, a test inbox). A rejection marks that e-mail failed.
 */
export interface MailTransport {
  send(mail: OutgoingMail): Promise<void>;
}

/** An embedding app's transport replacing SMTP, or null. */
export const CUSTOM_MAIL_TRANSPORT = Symbol('CUSTOM_MAIL_TRANSPORT');

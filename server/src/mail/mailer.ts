import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { AppConfig } from '../config.ts';

export interface Mailer {
  /** True when mail really leaves the server; otherwise codes are shown to the developer instead. */
  readonly delivers: boolean;
  send(message: { to: string; subject: string; text: string }): Promise<void>;
  close(): void;
}

export function createMailer(config: AppConfig, log: FastifyBaseLogger): Mailer {
  if (!config.SMTP_URL) {
    return {
      delivers: false,
      async send({ to, subject, text }) {
        log.info({ to, subject }, `mail not sent (no SMTP_URL):\n${text}`);
      },
      close() {},
    };
  }
  const transport: Transporter = nodemailer.createTransport(config.SMTP_URL);
  return {
    delivers: true,
    async send({ to, subject, text }) {
      await transport.sendMail({ from: config.MAIL_FROM, to, subject, text });
    },
    close: () => transport.close(),
  };
}

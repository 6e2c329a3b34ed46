import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { onFileEnd } from './cleanup.ts';

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** A real SMTP server on loopback that keeps every mail it receives. */
export async function startMailbox() {
  const mails: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  onFileEnd(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Waits for the `nth` mail (1-based) to `to` and answers the 6-digit code in it. */
  async function codeFor(to: string, nth = 1, timeoutMs = 5000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const mail = mails.filter((m) => m.to.includes(to))[nth - 1];
      if (mail) {
        const match = /verification code is (\d{6})/.exec(mail.raw);
        if (!match?.[1]) throw new Error(`no code in mail to ${to}`);
        return match[1];
      }
      if (Date.now() > deadline) throw new Error(`no mail #${nth} to ${to} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    codeFor,
    countFor: (to: string) => mails.filter((m) => m.to.includes(to)).length,
  };
}
export type Mailbox = Awaited<ReturnType<typeof startMailbox>>;

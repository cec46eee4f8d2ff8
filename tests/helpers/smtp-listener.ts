// A real SMTP server on loopback (smtp-server) that keeps what arrives.
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The body with quoted-printable soft breaks joined. */
  text: string;
}

export async function startSmtpListener(): Promise<{
  url: string;
  mails: ReceivedMail[];
  waitFor(n: number, ms?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
}> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (d) => (raw += d));
      stream.on('end', () => {
        const [head, ...body] = raw.split(/\r?\n\r?\n/);
        const subject = /^Subject: (.*)$/m.exec(head)?.[1] ?? '';
        const text = body
          .join('\n\n')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '=');
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw, subject, text });
        callback();
      });
    },
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(n, ms = 5000) {
      const end = Date.now() + ms;
      while (mails.length < n && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
      return mails;
    },
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

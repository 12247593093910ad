import type { MailMessage, Mailer } from '../lib/mailer.ts';

export interface TestMailer extends Mailer {
  sent: MailMessage[];
  /** The most recent message to this address. */
  lastTo(address: string): MailMessage | undefined;
}

/** Keeps sent mail in memory so tests can read links out of it. */
export function createTestMailer(): TestMailer {
  const sent: MailMessage[] = [];
  return {
    sent,
    async send(message) {
      sent.push(message);
    },
    lastTo: (address) => sent.findLast((m) => m.to === address),
  };
}

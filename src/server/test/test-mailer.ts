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
      // The outbox keeps no link apart: the first one in the text is the one that matters.
      sent.push({ ...message, link: message.link ?? message.text.match(/https?:\/\/\S+/)?.[0] });
    },
    lastTo: (address) => sent.findLast((m) => m.to === address),
  };
}

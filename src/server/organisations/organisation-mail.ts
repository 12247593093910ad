import type { DbOrTx } from '../db/client.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { type Language, textsFor } from '../lib/texts.ts';

export interface OrganisationMailDeps {
  publicUrl: string;
}

export type ReviewOutcome = { kind: 'verified' } | { kind: 'rejected'; reason: string };

type Recipient = { email: string; firstName: string; language: Language };

/** Tells the buyer, in their language, how the review of their organisation ended: written to the outbox in `tx`, the review's transaction. */
export async function sendReviewMail(
  tx: DbOrTx, deps: OrganisationMailDeps, to: Recipient, organisationName: string, outcome: ReviewOutcome,
): Promise<void> {
  await enqueueMail(tx, { kind: 'organisation', ...reviewMail(deps, to, organisationName, outcome) });
}

/** The review's letter. */
export function reviewMail(deps: OrganisationMailDeps, to: Recipient, organisationName: string, outcome: ReviewOutcome): MailMessage {
  const texts = textsFor(to.language);
  const t = texts.mail;
  const names = { organisation: organisationName };
  const link = `${deps.publicUrl}/profile/settings?tab=billing`;
  const subject = t(outcome.kind === 'verified' ? 'organisationVerifiedSubject' : 'organisationRejectedSubject', names);
  const lines = outcome.kind === 'verified'
    ? [t('organisationVerified', names)]
    : [t('organisationRejected', names), t('reason', { reason: outcome.reason }), t('organisationRejectedNext')];
  const greeting = t('greeting', { name: to.firstName });
  const text = [greeting, '', ...lines, '', `${t('businessAccountLink')}: ${link}`, '', t('shop'), ''].join('\n');
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>
${htmlParagraphs(lines)}
${htmlButton(link, t('businessAccountAction'))}`);
  return { to: to.email, subject: mailSubject(texts, subject), text, html, link };
}

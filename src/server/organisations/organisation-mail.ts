import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../lib/mailer.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { type Language, textsFor } from '../lib/texts.ts';

export interface OrganisationMailDeps {
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export type ReviewOutcome = { kind: 'verified' } | { kind: 'rejected'; reason: string };

/** Tells the buyer, in their language, how the review of their organisation ended; a mail failure never undoes the review. */
export async function sendReviewMail(
  deps: OrganisationMailDeps, to: { email: string; firstName: string; language: Language }, organisationName: string, outcome: ReviewOutcome,
): Promise<void> {
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
  try {
    await deps.mailer.send({ to: to.email, subject: mailSubject(texts, subject), text, html, link });
  } catch (error) {
    deps.log.error({ err: error, to: to.email, outcome: outcome.kind }, 'organisation review mail failed');
  }
}

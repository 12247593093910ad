import type { FastifyBaseLogger } from 'fastify';
import type { Mailer } from '../lib/mailer.ts';

const SHOP = 'Sialkot Surgical';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface OrganisationMailDeps {
  mailer: Mailer;
  publicUrl: string;
  log: FastifyBaseLogger;
}

export type ReviewOutcome = { kind: 'verified' } | { kind: 'rejected'; reason: string };

/** Tells the buyer how the review of their organisation ended; a mail failure never undoes the review. */
export async function sendReviewMail(
  deps: OrganisationMailDeps, to: { email: string; firstName: string }, organisationName: string, outcome: ReviewOutcome,
): Promise<void> {
  const link = `${deps.publicUrl}/profile/settings?tab=billing`;
  const subject = outcome.kind === 'verified'
    ? `${organisationName} is verified`
    : `${organisationName} could not be verified`;
  const lines = outcome.kind === 'verified'
    ? [
      `We have verified ${organisationName}. Your business account now has access to your organisation's prices,`
        + ' and your account manager will contact you about payment terms.',
    ]
    : [
      `We could not verify ${organisationName} with the details you gave.`,
      `Reason: ${outcome.reason}`,
      'Please correct your hospital name or licence number in your profile, or ask for a new review.',
    ];
  const greeting = `Dear ${to.firstName},`;
  const text = [greeting, '', ...lines, '', `Your business account: ${link}`, '', SHOP, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #1e3a8a">${SHOP}</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #1d4ed8; color: #ffffff; text-decoration: none; border-radius: 6px">Open your business account</a></p>
<p style="font-size: 13px; color: #6b7280">${SHOP}</p>
</body></html>
`;
  try {
    await deps.mailer.send({ to: to.email, subject: `${SHOP}: ${subject}`, text, html, link });
  } catch (error) {
    deps.log.error({ err: error, to: to.email, outcome: outcome.kind }, 'organisation review mail failed');
  }
}

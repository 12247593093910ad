import { eq } from 'drizzle-orm';
import { decimalToCents } from '#contracts/money';
import type { PrivateLabelRequest, PrivateLabelStatus } from '#contracts/private-label';
import type { DbOrTx } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { escapeHtml, htmlButton, htmlMail, mailSubject } from '../lib/mail-layout.ts';
import type { MailMessage } from '../lib/mailer.ts';
import { textsFor, type MailKey, type Texts } from '../lib/texts.ts';
import { enqueueMail } from '../mail/outbox.ts';

export interface PrivateLabelMailDeps {
  publicUrl: string;
  /** The shop's own address (SHOP_EMAIL): new requests and the buyer's decisions go there. */
  shopEmail: string;
}

/** The steps the buyer is mailed about (`shipped` is told by the order's own shipping mail). */
type MailedStep = Exclude<PrivateLabelStatus, 'shipped'>;

const STEPS: Record<MailedStep, { step: MailKey; body: MailKey }> = {
  requested: { step: 'privateLabelStepRequested', body: 'privateLabelBodyRequested' },
  quoted: { step: 'privateLabelStepQuoted', body: 'privateLabelBodyQuoted' },
  proof_sent: { step: 'privateLabelStepProofSent', body: 'privateLabelBodyProofSent' },
  changes_requested: { step: 'privateLabelStepChangesRequested', body: 'privateLabelBodyChangesRequested' },
  approved: { step: 'privateLabelStepApproved', body: 'privateLabelBodyApproved' },
  in_production: { step: 'privateLabelStepInProduction', body: 'privateLabelBodyInProduction' },
  quality_check: { step: 'privateLabelStepQualityCheck', body: 'privateLabelBodyQualityCheck' },
  ready_to_ship: { step: 'privateLabelStepReadyToShip', body: 'privateLabelBodyReadyToShip' },
  declined: { step: 'privateLabelStepDeclined', body: 'privateLabelBodyDeclined' },
  cancelled: { step: 'privateLabelStepCancelled', body: 'privateLabelBodyCancelled' },
};

/** The steps staff hear of: a new request and each decision of the buyer. */
const STAFF_STEPS: readonly MailedStep[] = ['requested', 'changes_requested', 'approved', 'cancelled'];

function letter(texts: Texts, to: string, subject: string, paragraphs: string[], href: string, label: string): MailMessage {
  const text = [...paragraphs.flatMap((p) => [p, '']), `${label}: ${href}`, '', texts.mail('shop'), ''].join('\n');
  const html = htmlMail(texts, `${paragraphs.map((p) => `<p style="white-space: pre-wrap">${escapeHtml(p)}</p>`).join('\n')}
${htmlButton(href, label)}`);
  return { to, subject: mailSubject(texts, subject), text, html, link: href };
}

function stepParams(texts: Texts, request: PrivateLabelRequest) {
  const proof = request.proofs.at(-1);
  return {
    number: request.number,
    version: proof ? texts.number(proof.version) : '',
    total: request.totals ? texts.money(decimalToCents(request.totals.grand_total), 'USD') : '',
    days: request.lead_time_days === null ? '' : texts.number(request.lead_time_days),
    deposit: request.deposit_percent === null ? '' : texts.number(request.deposit_percent),
    order: request.order?.order_number ?? '',
    reason: request.decline_reason,
    paid: request.payment ? texts.money(decimalToCents(request.payment.paid), request.payment.currency) : '',
    balance: request.payment ? texts.money(decimalToCents(request.payment.balance_due), request.payment.currency) : '',
  };
}

/** Once a deposit is paid, what approving and readiness add: the balance due, and where it is paid. */
function balanceParagraph(texts: Texts, request: PrivateLabelRequest, step: MailedStep): string[] {
  if (!request.payment || request.payment.balance_due === '0.00') return [];
  const params = stepParams(texts, request);
  if (step === 'approved') return [texts.mail('privateLabelDepositPaid', params)];
  return step === 'ready_to_ship' ? [texts.mail('privateLabelBalanceDue', params)] : [];
}

/**
 * Mails the buyer who asked, in their language (unless they turned mail off), that the request reached `step`, and
 * the shop for a new request or a decision of the buyer (`comment`: what the buyer asked to change). Written to the
 * outbox in the transaction of the change.
 */
export async function mailPrivateLabelStep(
  tx: DbOrTx, deps: PrivateLabelMailDeps, userId: string, request: PrivateLabelRequest, step: MailedStep, comment = '',
): Promise<void> {
  const [buyer] = await tx.select({ email: users.email, firstName: users.firstName, language: users.language, notifications: users.notifications })
    .from(users).where(eq(users.id, userId));
  if (buyer?.notifications.email) {
    const texts = textsFor(buyer.language);
    const t = texts.mail;
    const params = stepParams(texts, request);
    await enqueueMail(tx, {
      kind: 'private_label',
      ...letter(texts, buyer.email, t('privateLabelSubject', { number: request.number, step: t(STEPS[step].step, params) }),
        [t('greeting', { name: buyer.firstName }), t(STEPS[step].body, params), ...balanceParagraph(texts, request, step)],
        `${deps.publicUrl}/profile/private-label/${request.id}`, t('privateLabelAction')),
    });
  }
  if (!STAFF_STEPS.includes(step)) return;
  const texts = textsFor('en');
  const t = texts.mail;
  const stepText = t(STEPS[step].step, stepParams(texts, request));
  const who = { organisation: request.organisation.name, name: request.requested_by.name, email: request.requested_by.email, step: stepText };
  await enqueueMail(tx, {
    kind: 'private_label',
    ...letter(texts, deps.shopEmail, t('privateLabelStaffSubject', { number: request.number, ...who }),
      [t('privateLabelStaffIntro', who), ...(comment ? [t('privateLabelStaffComment', { comment })] : [])],
      `${deps.publicUrl}/staff/private-label/${request.id}`, t('privateLabelStaffAction')),
  });
}

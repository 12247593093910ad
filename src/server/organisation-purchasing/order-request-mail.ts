import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import { centsToDecimal } from '#contracts/money';
import type { OrganisationRole } from '#contracts/organisation-members';
import type { UserRow } from '../auth/user-view.ts';
import type { DbOrTx } from '../db/client.ts';
import { organisationMembers } from '../db/schema/organisation-members.ts';
import { organisations } from '../db/schema/organisations.ts';
import { users } from '../db/schema/users.ts';
import { escapeHtml, htmlButton, htmlMail, htmlParagraphs, mailSubject } from '../lib/mail-layout.ts';
import { textsFor, type MailKey } from '../lib/texts.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { OrderRequestRow } from './order-requests.service.ts';

type Recipient = Pick<UserRow, 'email' | 'firstName' | 'language'>;

const DECIDERS: OrganisationRole[] = ['approver', 'admin'];

/** The members mailed when a request waits: the organisation's approvers and admins, but not the one who asked. */
async function approversOf(tx: DbOrTx, organisationId: string, except: string): Promise<UserRow[]> {
  const rows = await tx.select({ user: users }).from(organisationMembers).innerJoin(users, eq(users.id, organisationMembers.userId))
    .where(and(
      eq(organisationMembers.organisationId, organisationId), isNotNull(organisationMembers.joinedAt),
      inArray(organisationMembers.role, DECIDERS), ne(organisationMembers.userId, except),
    ));
  return rows.map((row) => row.user);
}

function letter(to: Recipient, link: string, subjectKey: MailKey, lines: MailKey[], actionKey: MailKey, values: Record<string, string>) {
  const texts = textsFor(to.language);
  const t = texts.mail;
  const body = lines.map((key) => t(key, values));
  const greeting = to.firstName ? t('greeting', { name: to.firstName }) : t('greetingUnnamed');
  const text = [greeting, '', ...body, '', `${t(actionKey)}: ${link}`, '', t('shop'), ''].join('\n');
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>\n${htmlParagraphs(body)}\n${htmlButton(link, t(actionKey))}`);
  return { to: to.email, subject: mailSubject(texts, t(subjectKey, values)), text, html, link };
}

async function requestFacts(tx: DbOrTx, row: OrderRequestRow) {
  const [[organisation], [buyer]] = await Promise.all([
    tx.select({ name: organisations.name }).from(organisations).where(eq(organisations.id, row.organisationId)),
    tx.select().from(users).where(eq(users.id, row.requestedBy)),
  ]);
  const name = `${buyer.firstName} ${buyer.lastName}`.trim() || buyer.email;
  return { buyer, values: { organisation: organisation.name, buyer: name, amount: `USD ${centsToDecimal(row.amountCents)}`, id: String(row.id) } };
}

/** Tells every approver and admin, but the buyer, that a request waits for them. */
export async function mailRequestWaiting(tx: DbOrTx, deps: { publicUrl: string }, row: OrderRequestRow): Promise<void> {
  const { values } = await requestFacts(tx, row);
  const link = `${deps.publicUrl}/profile/organisation?tab=approvals`;
  for (const approver of await approversOf(tx, row.organisationId, row.requestedBy)) {
    await enqueueMail(tx, { kind: 'organisation', ...letter(approver, link, 'requestWaitingSubject', ['requestWaiting'], 'requestWaitingAction', values) });
  }
}

/** Tells the buyer their request was rejected, and why. */
export async function mailRequestDecided(tx: DbOrTx, deps: { publicUrl: string }, row: OrderRequestRow): Promise<void> {
  const { buyer, values } = await requestFacts(tx, row);
  const link = `${deps.publicUrl}/profile/organisation?tab=approvals`;
  await enqueueMail(tx, {
    kind: 'organisation',
    ...letter(buyer, link, 'requestRejectedSubject', ['requestRejected', 'reason'], 'requestWaitingAction', { ...values, reason: row.reason ?? '' }),
  });
}

/** Tells the buyer their request was approved, and that it waits for their payment. */
export async function mailRequestApproved(tx: DbOrTx, deps: { publicUrl: string }, row: OrderRequestRow): Promise<void> {
  const { buyer, values } = await requestFacts(tx, row);
  const link = `${deps.publicUrl}/profile/organisation?tab=approvals`;
  await enqueueMail(tx, { kind: 'organisation', ...letter(buyer, link, 'requestApprovedSubject', ['requestApproved'], 'requestPayAction', values) });
}

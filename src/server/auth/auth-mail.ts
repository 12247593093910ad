import type { OrganisationRole } from '#contracts/organisation-members';
import type { StaffRole } from '#contracts/staff-roles';
import type { MailMessage } from '../lib/mailer.ts';
import { escapeHtml, htmlButton, htmlMail, mailSubject } from '../lib/mail-layout.ts';
import { type MailKey, type TextParams, type Texts, textsFor } from '../lib/texts.ts';
import type { UserRow } from './user-view.ts';

type Recipient = Pick<UserRow, 'email' | 'firstName' | 'language'>;

/** The keys of one letter's texts. */
interface Letter {
  subject: MailKey;
  intro: MailKey;
  action: MailKey;
  validity: MailKey;
  ignore: MailKey;
}

/** `params` gives the letter's placeholders besides the shop's name, in the recipient's language. */
function compose(user: Recipient, link: string, keys: Letter, params: (texts: Texts) => TextParams = () => ({})): MailMessage {
  const texts = textsFor(user.language);
  const shop = texts.mail('shop');
  const values = { shop, ...params(texts) };
  const [intro, action, validity, ignore] = [keys.intro, keys.action, keys.validity, keys.ignore].map((key) => texts.mail(key, values));
  // An invited member has no name until they accept.
  const greeting = user.firstName ? texts.mail('greeting', { name: user.firstName }) : texts.mail('greetingUnnamed');
  const text = [greeting, '', intro, '', `${action}: ${link}`, '', validity, ignore, '', shop, ''].join('\n');
  const html = htmlMail(texts, `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${htmlButton(link, action)}
<p style="font-size: 13px">${escapeHtml(texts.mail('pasteLink'))} <br>${escapeHtml(link)}</p>
<p style="font-size: 13px">${escapeHtml(validity)} ${escapeHtml(ignore)}</p>`);
  return { to: user.email, subject: mailSubject(texts, texts.mail(keys.subject, values)), text, html, link };
}

export const verificationMail = (user: Recipient, link: string): MailMessage => compose(user, link, {
  subject: 'verifySubject', intro: 'verifyIntro', action: 'verifyAction', validity: 'verifyValidity', ignore: 'verifyIgnore',
});

export const passwordResetMail = (user: Recipient, link: string): MailMessage => compose(user, link, {
  subject: 'resetSubject', intro: 'resetIntro', action: 'resetAction', validity: 'resetValidity', ignore: 'resetIgnore',
});

const STAFF_AREAS = {
  owner: 'staffAreaOwner',
  catalogue: 'staffAreaCatalogue',
  fulfilment: 'staffAreaFulfilment',
  sales: 'staffAreaSales',
  support: 'staffAreaSupport',
} as const satisfies Record<StaffRole, MailKey>;

/** The invitation to join the staff in `role`, from the owner named `inviter`. */
export const staffInviteMail = (user: Recipient, link: string, role: StaffRole, inviter: string): MailMessage => compose(user, link, {
  subject: 'staffInviteSubject', intro: 'staffInviteIntro', action: 'staffInviteAction', validity: 'staffInviteValidity', ignore: 'staffInviteIgnore',
}, (texts) => ({ area: texts.mail(STAFF_AREAS[role]), inviter }));

const ORGANISATION_ROLES = {
  admin: 'organisationRoleAdmin',
  approver: 'organisationRoleApprover',
  buyer: 'organisationRoleBuyer',
  finance: 'organisationRoleFinance',
} as const satisfies Record<OrganisationRole, MailKey>;

/** The invitation to buy for `organisation` in `role`, from its admin named `inviter`. */
export const organisationInviteMail = (
  user: Recipient, link: string, organisation: string, role: OrganisationRole, inviter: string,
): MailMessage => compose(user, link, {
  subject: 'organisationInviteSubject', intro: 'organisationInviteIntro', action: 'organisationInviteAction',
  validity: 'staffInviteValidity', ignore: 'organisationInviteIgnore',
}, (texts) => ({ organisation, role: texts.mail(ORGANISATION_ROLES[role]), inviter }));

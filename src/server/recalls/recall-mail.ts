import type { MailMessage } from '../lib/mailer.ts';

const SHOP = 'Sialkot Surgical';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export interface RecallLetter {
  email: string;
  firstName: string;
  orderNumber: string;
  productName: string;
  lotNumbers: string[];
  quantity: number;
  reason: string;
}

/** A safety notice: sent whatever the buyer's mail preferences, since it is not marketing. */
export function recallMail(notice: RecallLetter, link: string): MailMessage {
  const lots = notice.lotNumbers.join(', ');
  const subject = `Recall notice for order ${notice.orderNumber}: ${notice.productName}`;
  const lines = [
    `${notice.productName}, lot ${lots}, is being recalled. Your order ${notice.orderNumber} included ${notice.quantity} `
      + `${notice.quantity === 1 ? 'unit' : 'units'} from ${notice.lotNumbers.length === 1 ? 'this lot' : 'these lots'}.`,
    `Reason: ${notice.reason}`,
    'Please stop using these units, set them aside, and acknowledge this notice on your order page: we will arrange their return.',
  ];
  const greeting = `Dear ${notice.firstName},`;
  const text = [greeting, '', ...lines, '', `Acknowledge the recall: ${link}`, '', SHOP, ''].join('\n');
  const html = `<!doctype html>
<html><body style="font-family: Arial, sans-serif; color: #1f2937; line-height: 1.5">
<h1 style="font-size: 20px; color: #b91c1c">${SHOP}: recall notice</h1>
<p>${escapeHtml(greeting)}</p>
${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(link)}" style="display: inline-block; padding: 10px 18px; background: #b91c1c; color: #ffffff; text-decoration: none; border-radius: 6px">Acknowledge the recall</a></p>
<p style="font-size: 13px; color: #6b7280">${SHOP}</p>
</body></html>
`;
  return { to: notice.email, subject: `${SHOP}: ${subject}`, text, html, link };
}

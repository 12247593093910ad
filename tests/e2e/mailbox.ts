import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { shopFolder } from '../../playwright.config.ts';
import { expect, test } from './fixtures.ts';

/** Undoes quoted-printable soft line breaks and escapes, so links survive however the mail was encoded. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The path and query of the newest link to `route` in a mail to `email`, waiting for the mail to be written. */
export async function linkFromMail(email: string, route: '/verify-email' | '/reset-password' | '/staff/invite' | '/organisation/join'): Promise<string> {
  const folder = path.join(shopFolder(test.info().project.name), 'mail');
  const pattern = new RegExp(`${route}\\?token=([A-Za-z0-9_.~-]+)`);
  let link = '';
  await expect
    .poll(
      async () => {
        const names = (await readdir(folder).catch(() => [] as string[])).filter((name) => name.endsWith('.eml')).sort().reverse();
        for (const name of names) {
          const mail = decodeQuotedPrintable(await readFile(path.join(folder, name), 'utf8'));
          const match = mail.includes(email) ? pattern.exec(mail) : null;
          if (match) {
            link = `${route}?token=${match[1]}`;
            return true;
          }
        }
        return false;
      },
      { message: `a mail to ${email} with a ${route} link`, timeout: 10_000 },
    )
    .toBe(true);
  return link;
}

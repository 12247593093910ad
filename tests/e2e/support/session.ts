import type { APIRequestContext, Browser, Page, TestInfo } from '@playwright/test';
import { E2E_ADMIN } from '../../../playwright.config.ts';
import type { StaffRole } from '../../../src/contracts/staff-roles.ts';
import { expect } from '../fixtures.ts';
import { linkFromMail } from '../mailbox.ts';

export const PASSWORD = 'Retractor-Lumen-47';

export interface Session {
  token: string;
  refreshToken: string;
}

export type AccountKind = 'individual' | 'business';

const uniqueEmail = (kind: string, testInfo: TestInfo) =>
  `e2e-${kind}-${testInfo.project.name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
const tokenOf = (link: string) => new URLSearchParams(link.split('?')[1]).get('token')!;

/** A fresh account registered through the API (verified through its mail link unless told otherwise). */
export async function registerAccount(request: APIRequestContext, testInfo: TestInfo, kind: AccountKind,
  { verify = true, firstName = kind === 'business' ? 'Bilal' : 'Sana' } = {}) {
  const email = uniqueEmail(kind, testInfo);
  const profile = kind === 'business'
    ? { phone: '+92 300 1234567', hospital_name: 'Mayo Hospital Lahore', license_number: `PMC-${Date.now()}` }
    : { phone: '+92 300 1234567', specialty: 'general' };
  const registered = await request.post('/api/auth/register/', {
    data: { email, first_name: firstName, last_name: 'Malik', password: PASSWORD, password_confirm: PASSWORD, account_type: kind, profile },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const session = (await registered.json()) as Session;
  if (verify) {
    const token = tokenOf(await linkFromMail(email, '/verify-email'));
    expect((await request.get(`/api/auth/verify-email/${token}/`)).ok()).toBe(true);
  }
  return { email, session };
}

/** The superuser the e2e server creates at start. */
export async function staffSession(request: APIRequestContext): Promise<Session> {
  const response = await request.post('/api/auth/login/', { data: E2E_ADMIN });
  expect(response.ok()).toBe(true);
  return (await response.json()) as Session;
}

export const bearer = (session: Session) => ({ authorization: `Bearer ${session.token}` });

/**
 * A new staff member in `role`, made as the shop makes one: the owner invites a fresh email, the invitation from the
 * mail is accepted with a name and password, and the member signs in with them.
 */
export async function staffMemberSession(request: APIRequestContext, testInfo: TestInfo, role: StaffRole): Promise<Session> {
  const email = uniqueEmail(role, testInfo);
  const invited = await request.post('/api/staff/members/', { headers: bearer(await staffSession(request)), data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const accepted = await request.post('/api/staff/invite/accept/', {
    data: { token: tokenOf(await linkFromMail(email, '/staff/invite')), first_name: 'Imran', last_name: 'Qureshi', password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  const response = await request.post('/api/auth/login/', { data: { email, password: PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as Session;
}

/** A catalogue manager invited by the owner: products, photos and imports, but no stock or orders. */
export const catalogueSession = (request: APIRequestContext, testInfo: TestInfo) => staffMemberSession(request, testInfo, 'catalogue');

/** Signs the page in with these tokens from its next navigation on. */
export async function signIn(page: Page, session: Session) {
  await page.context().addInitScript(([token, refreshToken]) => {
    if (!localStorage.getItem('token')) {
      localStorage.setItem('token', token);
      localStorage.setItem('refreshToken', refreshToken);
    }
  }, [session.token, session.refreshToken]);
}

/** A browser page in a context of its own that starts signed in with these tokens (or signed out without). */
export async function signedInPage(browser: Browser, baseURL: string, session: Session | null, viewport = { width: 1280, height: 900 }): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  if (session) {
    await context.addInitScript(([token, refreshToken]) => {
      if (!localStorage.getItem('token')) {
        localStorage.setItem('token', token);
        localStorage.setItem('refreshToken', refreshToken);
      }
    }, [session.token, session.refreshToken]);
  }
  return context.newPage();
}

/**
 * Screenshots for a person to look at, saved only with E2E_SCREENSHOTS=1: a full page at a phone's pixel density
 * takes seconds to encode, and a failing journey saves its own anyway.
 */
export const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** The page from the top (at most `maxHeight` px of it), or what is in view with `fullPage: false`. */
export async function shoot(page: Page, testInfo: TestInfo, name: string, { fullPage = true, maxHeight }: { fullPage?: boolean; maxHeight?: number } = {}) {
  if (!SCREENSHOTS) return;
  const clip = maxHeight === undefined ? undefined : {
    x: 0, y: 0, width: page.viewportSize()!.width,
    height: Math.min(maxHeight, await page.evaluate(() => document.documentElement.scrollHeight)),
  };
  await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage, clip });
}

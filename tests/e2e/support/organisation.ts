import type { APIRequestContext } from '@playwright/test';
import { expect } from '../fixtures.ts';
import { linkFromMail } from '../mailbox.ts';
import { bearer, PASSWORD, type Session } from './session.ts';

/** A fresh address for a member in `role`. */
export const memberEmail = (role: string) => `e2e-org-${role}-${Date.now().toString(36)}-${Math.floor(Math.random() * 1e6)}@example.com`;
/** The mailbox finds a link to any page; its parameter's type names the pages other journeys read. */
export const joinLink = (email: string) => linkFromMail(email, '/organisation/join');
const tokenOf = (link: string) => new URLSearchParams(link.split('?')[1]).get('token')!;

/** An invited person who had no account accepts through the API and is signed in. */
export async function joinAs(request: APIRequestContext, admin: Session, role: string, firstName: string): Promise<Session> {
  const email = memberEmail(role);
  const invited = await request.post('/api/organisation/members/', { headers: bearer(admin), data: { email, role } });
  expect(invited.status(), await invited.text()).toBe(201);
  const accepted = await request.post('/api/organisation/invitations/accept/', {
    data: { token: tokenOf(await joinLink(email)), first_name: firstName, last_name: 'Tariq', password: PASSWORD, password_confirm: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return (await accepted.json()).session as Session;
}

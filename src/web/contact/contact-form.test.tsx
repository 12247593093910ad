import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ContactPage } from './contact-page.tsx';
import { readPrefill } from './contact-form.tsx';

const CONTACT = '/api/contact/';
/** The contact page asks the shop from what subtotal it ships free within Pakistan. */
const shopApi = () => mockApi().on('GET', '/api/shipping/free-shipping/', 200, { threshold: '500.00' });

afterEach(() => {
  setLocale('en');
  vi.unstubAllGlobals();
});

async function fillValidForm() {
  await userEvent.type(screen.getByLabelText(/First name/), 'Ayesha');
  await userEvent.type(screen.getByLabelText(/Last name/), 'Khan');
  await userEvent.type(screen.getByLabelText(/^Email/), 'ayesha@example.com');
  await userEvent.selectOptions(screen.getByLabelText(/Subject/), 'product');
  await userEvent.type(screen.getByLabelText(/Message/), 'Do you make Mayo scissors in 23 cm?');
  await userEvent.click(screen.getByRole('checkbox', { name: /agree to be contacted/ }));
}

describe('contact form', () => {
  it('shows the problems under their fields without sending', async () => {
    const api = shopApi();
    renderRoute(ContactPage, { path: '/contact', url: '/contact' });
    await userEvent.type(screen.getByLabelText(/^Email/), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(screen.getByLabelText(/First name/)).toHaveAccessibleDescription('This field is required.');
    expect(screen.getByLabelText(/^Email/)).toHaveAccessibleDescription('Enter a valid email address.');
    expect(screen.getByRole('checkbox', { name: /agree to be contacted/ })).toHaveAccessibleDescription('You must agree to be contacted.');
    expect(api.callsTo('POST', CONTACT)).toHaveLength(0);
  });

  it("shows the server's per-field errors from a 400", async () => {
    shopApi().on('POST', CONTACT, 400, { detail: 'Invalid input.', errors: { phone: ['Enter a valid phone number (7 to 15 digits).'] } });
    renderRoute(ContactPage, { path: '/contact', url: '/contact' });
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Enter a valid phone number (7 to 15 digits).')).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone/)).toHaveAttribute('aria-invalid', 'true');
  });

  it("shows the server's field problems in Urdu from their keys, whatever the English wording", async () => {
    shopApi().on('POST', CONTACT, 400, {
      detail: 'Validation failed',
      errors: { email: ['That address looks wrong.'], company: ['Company names stop at 200 characters.'] },
      issues: { email: [{ key: 'invalid_email' }], company: [{ key: 'too_long', params: { max: 200 } }] },
    });
    renderRoute(ContactPage, { path: '/contact', url: '/contact' });
    await fillValidForm();
    act(() => setLocale('ur'));
    await userEvent.click(screen.getByRole('button', { name: 'پیغام بھیجیں' }));

    expect(await screen.findByText('درست ای میل ایڈریس درج کریں۔')).toBeInTheDocument();
    expect(screen.getByText('زیادہ سے زیادہ 200 حروف درج کریں۔')).toBeInTheDocument();
    expect(screen.queryByText('That address looks wrong.')).not.toBeInTheDocument();
  });

  it('sends the message and shows the confirmation', async () => {
    const api = shopApi().on('POST', CONTACT, 201, { id: 12, detail: 'Thank you! We will get back to you within one business day.' });
    renderRoute(ContactPage, { path: '/contact', url: '/contact' });
    expect(await screen.findByText('Free shipping on orders over $500.00 within Pakistan.')).toBeInTheDocument();
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Send Message' }));

    expect(await screen.findByText('Thank you! We will get back to you within one business day.')).toBeInTheDocument();
    expect(api.callsTo('POST', CONTACT)[0]!.body).toEqual({
      first_name: 'Ayesha',
      last_name: 'Khan',
      email: 'ayesha@example.com',
      subject: 'product',
      message: 'Do you make Mayo scissors in 23 cm?',
      consent: true,
    });
  });

  it('preselects the subject and prefills a quote request from the link', async () => {
    shopApi();
    renderRoute(ContactPage, { path: '/contact', url: '/contact?subject=pricing&product=mayo-scissors&quantity=25' });

    expect(screen.getByLabelText(/Subject/)).toHaveValue('pricing');
    expect(screen.getByLabelText(/Message/)).toHaveValue('Please send me a quote for 25 × mayo-scissors.');
    expect(readPrefill(new URLSearchParams('subject=bogus&quantity=-2'))).toEqual({});
  });
});

import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ContactPage } from './contact-page.tsx';

describe('contact page in Arabic', () => {
  it('shows its labels and its own checks in Arabic, with the email and phone inputs left to right', async () => {
    const api = mockApi();
    setLocale('ar');
    renderRoute(ContactPage, { path: '/contact', url: '/contact' });
    expect(screen.getByRole('heading', { level: 1, name: 'تواصل معنا' })).toBeInTheDocument();
    const email = screen.getByLabelText(/^البريد الإلكتروني/);
    expect(email).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText(/^الهاتف/)).toHaveAttribute('dir', 'ltr');
    expect(screen.getByLabelText(/^الاسم الأول/)).not.toHaveAttribute('dir');

    await userEvent.type(email, 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'إرسال الرسالة' }));
    expect(screen.getByLabelText(/^الاسم الأول/)).toHaveAccessibleDescription('هذا الحقل مطلوب.');
    expect(email).toHaveAccessibleDescription('أدخل بريدًا إلكترونيًا صالحًا.');
    expect(screen.getByLabelText(/^الموضوع/)).toHaveAccessibleDescription('اختر موضوعًا.');
    expect(screen.getByRole('checkbox', { name: /أوافق على أن يُتواصل معي/ })).toHaveAccessibleDescription('يجب أن توافق على التواصل معك.');
    expect(api.callsTo('POST', '/api/contact')).toHaveLength(0);
  });

  it('writes the quantity of a quote link in Arabic digits', async () => {
    mockApi();
    setLocale('ar');
    renderRoute(ContactPage, { path: '/contact', url: '/contact?subject=pricing&product=mayo-scissors&quantity=25' });
    expect(screen.getByLabelText(/^الرسالة/)).toHaveValue('يرجى إرسال عرض سعر لـ ٢٥ × mayo-scissors.');
  });
});

import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Review } from '#contracts/reviews';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ReviewForm } from './review-form.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const REVIEWS = '/api/products/mayo-scissors/reviews/';
const review: Review = {
  id: 1, rating: 4, title: 'Sharp', body: 'Sharp and well balanced.', author: 'Ayesha K.', verified_purchase: true,
  created_at: '2026-03-01T10:00:00.000Z',
};

function renderForm() {
  const api = mockApi();
  renderRoute(() => <ReviewForm slug="mayo-scissors" />, { path: '/', url: '/' });
  return api;
}

const title = () => screen.getByRole('textbox', { name: 'Title' });
const text = () => screen.getByRole('textbox', { name: 'Review' });
const submit = () => userEvent.click(screen.getByRole('button', { name: 'Submit Review' }));

async function fill() {
  await userEvent.click(screen.getByRole('radio', { name: '4 stars' }));
  await userEvent.type(title(), 'Sharp');
  await userEvent.type(text(), 'Sharp and well balanced.');
}

describe('the review form', () => {
  it('shows each problem under its field and sends nothing', async () => {
    const api = renderForm();
    await userEvent.type(text(), 'Too short');
    await submit();

    expect(screen.getByRole('group', { name: 'Your rating' })).toHaveAccessibleDescription('Choose a rating from 1 to 5.');
    expect(title()).toHaveAccessibleDescription('This field is required.');
    expect(text()).toHaveAccessibleDescription('Enter at least 10 characters.');
    expect(api.callsTo('POST', REVIEWS)).toHaveLength(0);
  });

  it('sends the stars, title and text, then starts afresh', async () => {
    const api = renderForm().on('POST', REVIEWS, 201, review);
    await fill();
    await submit();

    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Review submitted', 'Thank you for reviewing this product.'));
    expect(api.callsTo('POST', REVIEWS)[0]!.body).toEqual({ rating: 4, title: 'Sharp', body: 'Sharp and well balanced.' });
    expect(title()).toHaveValue('');
    expect(screen.getByRole('radio', { name: '4 stars' })).not.toBeChecked();
  });

  it("puts the server's problems on their fields", async () => {
    renderForm().on('POST', REVIEWS, 400, {
      detail: 'Validation failed',
      errors: { title: ['Enter at most 120 characters.'] },
      issues: { title: [{ key: 'too_long', params: { max: 120 } }] },
    });
    await fill();
    await submit();

    await waitFor(() => expect(title()).toHaveAccessibleDescription('Enter at most 120 characters.'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says why a review is refused, by its code or its status', async () => {
    renderForm()
      .on('POST', REVIEWS, 409, { detail: 'Conflict.', code: 'ALREADY_REVIEWED' })
      .on('POST', REVIEWS, 403, { detail: 'Forbidden.' });
    await fill();
    await submit();
    expect(await screen.findByRole('alert')).toHaveTextContent('You have already reviewed this product.');

    await submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Only customers who bought this product can review it.'));
  });

  it('shows its problems in Arabic', async () => {
    renderForm();
    act(() => setLocale('ar'));
    await userEvent.click(screen.getByRole('button', { name: 'إرسال المراجعة' }));

    expect(screen.getByRole('group', { name: 'تقييمك' })).toHaveAccessibleDescription('اختر تقييمًا من ١ إلى ٥.');
    expect(screen.getByRole('textbox', { name: 'العنوان' })).toHaveAccessibleDescription('هذا الحقل مطلوب.');
  });
});

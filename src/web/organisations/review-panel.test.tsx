import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { setLocale } from '../i18n/locale-store.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderRoute } from '../test/render-route.tsx';
import { ORGANISATION_ID, staffOrganisation } from './organisation-fixtures.ts';
import { ReviewPanel } from './review-panel.tsx';
import { spyOnNotify } from '../test/spy-on-notify.ts';

spyOnNotify();

const REJECT = `/api/staff/organisations/${ORGANISATION_ID}/reject/`;
const APPROVE = `/api/staff/organisations/${ORGANISATION_ID}/approve/`;

function renderPanel() {
  const api = mockApi();
  const organisation = staffOrganisation({ status: 'pending', reviewed_at: null });
  renderRoute(() => <ReviewPanel organisation={organisation} />, { path: '/', url: '/' });
  return api;
}

const reason = () => screen.getByRole('textbox', { name: /Reason for rejection/ });

async function reject(text: string) {
  await userEvent.click(screen.getByRole('button', { name: 'Reject' }));
  if (text) await userEvent.type(reason(), text);
  await userEvent.click(screen.getByRole('button', { name: 'Reject organisation' }));
}

describe('the organisation review', () => {
  it('asks for a reason of a few words before rejecting, and sends nothing', async () => {
    const api = renderPanel();
    await reject('no');
    expect(reason()).toHaveAccessibleDescription('Enter at least 3 characters. The buyer receives it by email.');
    expect(api.callsTo('POST', REJECT)).toHaveLength(0);
  });

  it('sends the reason', async () => {
    const api = renderPanel().on('POST', REJECT, 200, {});
    await reject('  Licence number not found  ');

    await waitFor(() => expect(api.callsTo('POST', REJECT)).toHaveLength(1));
    expect(api.callsTo('POST', REJECT)[0]!.body).toEqual({ reason: 'Licence number not found' });
  });

  it("puts the server's problem with the reason on its field", async () => {
    renderPanel().on('POST', REJECT, 400, {
      detail: 'Validation failed',
      errors: { reason: ['Enter at most 500 characters.'] },
      issues: { reason: [{ key: 'too_long', params: { max: 500 } }] },
    });
    await reject('Licence number not found');

    await waitFor(() => expect(reason()).toHaveAccessibleDescription('Enter at most 500 characters. The buyer receives it by email.'));
  });

  it('says so when another decision came first (ILLEGAL_TRANSITION)', async () => {
    renderPanel().on('POST', APPROVE, 409, { detail: 'Only a pending organisation can be approved.', code: 'ILLEGAL_TRANSITION' });
    await userEvent.click(screen.getByRole('button', { name: 'Approve' }));

    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Not saved', 'This organisation has already been reviewed.'));
  });

  it('asks for the reason in Arabic', async () => {
    renderPanel();
    act(() => setLocale('ar'));
    await userEvent.click(screen.getByRole('button', { name: 'رفض' }));
    await userEvent.click(screen.getByRole('button', { name: 'رفض المؤسسة' }));

    expect(screen.getByRole('textbox', { name: /سبب الرفض/ })).toHaveAccessibleDescription(/^أدخل 3 أحرف على الأقل\./);
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { notify } from '../components/ui/notify.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderApp } from '../test/render-app.tsx';
import { CodRemittanceImport } from './cod-remittance-import.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const REMITTANCES = '/api/staff/cod-remittances/';

describe('the cash-on-delivery remittance import', () => {
  it('sends the courier\'s report and lists the rows it could not pay, with why', async () => {
    const api = mockApi().on('POST', REMITTANCES, 200, {
      rows: [
        { row: 2, tracking_number: '779000000001', outcome: 'paid', order_number: 'SS-1', order_paid: true, message: 'Paid.' },
        { row: 3, tracking_number: '779000000002', outcome: 'amount_mismatch', order_number: 'SS-2', order_paid: false,
          message: 'The parcel collects PKR 5,400.00, the report says PKR 5,300.00.' },
      ],
      counts: { paid: 1, already_recorded: 0, unknown_consignment: 0, amount_mismatch: 1, invalid: 0 },
    });
    const success = vi.spyOn(notify, 'success');
    renderApp([{ path: '/', element: <CodRemittanceImport /> }]);

    expect(screen.getByRole('button', { name: 'Import report' })).toBeDisabled();
    await userEvent.upload(screen.getByLabelText('Remittance report (CSV)'), new File(['CN,Amount\n779000000001,5400'], 'tcs.csv', { type: 'text/csv' }));
    await userEvent.click(screen.getByRole('button', { name: 'Import report' }));

    await waitFor(() => expect(success).toHaveBeenCalledWith('Remittance report read', '1 paid now, 0 already recorded.'));
    const sent = api.fetchMock.mock.calls.find(([url]) => String(url) === REMITTANCES)![1]!.body as FormData;
    expect((sent.get('file') as File).name).toBe('tcs.csv');
    const unpaid = screen.getByRole('list', { name: 'Rows not paid' });
    expect(unpaid).toHaveTextContent('Row 3 779000000002: The parcel collects PKR 5,400.00, the report says PKR 5,300.00.');
    expect(unpaid).not.toHaveTextContent('779000000001');
  });
});

import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { REGULATORY_CSV_ROUTE } from '#contracts/regulatory-files';
import { notify } from '../components/ui/notify.ts';
import { mockApi } from '../test/mock-api.ts';
import { RegulatoryExportButton } from './regulatory-export-button.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('RegulatoryExportButton', () => {
  it('downloads the export with the session', async () => {
    const api = mockApi().on('GET', REGULATORY_CSV_ROUTE, 200, 'Product,Variant\r\n');
    URL.createObjectURL = vi.fn(() => 'blob:regulatory');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    localStorage.setItem('token', 'staff-token');
    render(<RegulatoryExportButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Regulatory CSV (GUDID, EUDAMED)' }));
    await waitFor(() => expect(click).toHaveBeenCalled());
    expect(api.callsTo('GET', REGULATORY_CSV_ROUTE)[0].authorization).toBe('Bearer staff-token');
  });

  it('says so when the export fails', async () => {
    mockApi().on('GET', REGULATORY_CSV_ROUTE, 403, { detail: 'Staff only.' });
    const error = vi.spyOn(notify, 'error').mockImplementation(() => '');
    render(<RegulatoryExportButton />);
    await userEvent.click(screen.getByRole('button', { name: 'Regulatory CSV (GUDID, EUDAMED)' }));
    await waitFor(() => expect(error).toHaveBeenCalledWith('Could not export the regulatory data'));
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StaffPhoto } from '#contracts/staff-media';
import { mockApi } from '../test/mock-api.ts';
import { movedTo, ProductPhotos } from './product-photos.tsx';

const LIST = '/api/staff/products/7/images/';
const photo = (id: number, alt: string, srcset = `/media/photos/${id}/320.webp 320w`): StaffPhoto => ({
  id, url: srcset ? `/media/photos/${id}/320.webp` : `/media/instruments/forceps/adson-${id}.svg`, alt, position: id - 1,
  width: srcset ? 1200 : null, height: srcset ? 900 : null, srcset,
});
const PHOTOS = [photo(1, 'Closed'), photo(2, ''), photo(3, 'Drawing of the tips', '')];

/** Records what an upload sent and answers it as the server would. */
class FakeUpload {
  static sent: FormData[] = [];
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open() {}
  setRequestHeader() {}
  send(body: FormData) {
    FakeUpload.sent.push(body);
    this.upload.onprogress?.({ lengthComputable: true, loaded: 5, total: 10 });
    this.status = 201;
    this.responseText = JSON.stringify({ image: photo(4, String(body.get('alt'))), created: true });
    setTimeout(() => this.onload?.(), 0);
  }
}

let api: ReturnType<typeof mockApi>;
beforeEach(() => {
  api = mockApi();
  api.on('GET', LIST, 200, { images: PHOTOS });
  FakeUpload.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeUpload);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

function renderPhotos() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return render(<QueryClientProvider client={queryClient}><ProductPhotos productId={7} /></QueryClientProvider>);
}
const rows = () => screen.getAllByTestId('gallery-photo');
const png = (name: string) => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });

describe('movedTo', () => {
  it('takes a photo out and puts it in at the place it was dropped', () => {
    expect(movedTo([1, 2, 3, 4], 0, 2)).toEqual([2, 3, 1, 4]);
    expect(movedTo([1, 2, 3, 4], 3, 0)).toEqual([4, 1, 2, 3]);
  });
});

describe('ProductPhotos', () => {
  it('lists the gallery in order, marking drawings and photos without a description', async () => {
    renderPhotos();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(within(rows()[0]).getByText('Photo 1 of 3')).toBeInTheDocument();
    expect(within(rows()[1]).getByText('No description')).toBeInTheDocument();
    expect(within(rows()[2]).getByText('Drawing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Move photo 1 earlier' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move photo 3 later' })).toBeDisabled();
  });

  it('moves a photo with the keyboard, sends the whole new order and announces where it went', async () => {
    api.on('PUT', `${LIST}order/`, 200, { images: [PHOTOS[1], PHOTOS[0], PHOTOS[2]] });
    renderPhotos();
    const later = await screen.findByRole('button', { name: 'Move photo 1 later' });
    later.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(api.callsTo('PUT', `${LIST}order/`)).toHaveLength(1));
    expect(api.callsTo('PUT', `${LIST}order/`)[0]!.body).toEqual({ ids: [2, 1, 3] });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Photo moved to position 2 of 3'));
  });

  it('asks for a description before uploading, then sends the file with it and shows progress', async () => {
    renderPhotos();
    await userEvent.upload(await screen.findByLabelText('Choose photos'), [png('box-lock.png')]);
    await userEvent.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    const alt = screen.getByRole('textbox', { name: /^Description \(alt text\) of box-lock\.png/ });
    expect(alt).toHaveAccessibleDescription('Describe this photo before uploading it.');
    expect(FakeUpload.sent).toHaveLength(0);

    await userEvent.type(alt, 'Box lock, close up');
    await userEvent.click(screen.getByRole('button', { name: 'Upload 1 photo' }));
    await waitFor(() => expect(FakeUpload.sent).toHaveLength(1));
    expect(FakeUpload.sent[0]!.get('alt')).toBe('Box lock, close up');
    expect((FakeUpload.sent[0]!.get('file') as File).name).toBe('box-lock.png');
    await waitFor(() => expect(screen.queryByTestId('queued-photo')).toBeNull());
  });

  it('refuses a file that is not a photo before sending it', async () => {
    renderPhotos();
    await userEvent.upload(await screen.findByLabelText('Choose photos'), [new File(['%PDF-1.7'], 'scan.pdf', { type: 'application/pdf' })],
      { applyAccept: false });
    expect(screen.getByRole('textbox', { name: /scan\.pdf/ })).toHaveAccessibleDescription('Upload a JPEG, PNG or WebP photo.');
  });

  it('removes a photo only once it is confirmed', async () => {
    api.on('DELETE', `${LIST}2/`, 200, { images: [PHOTOS[0], PHOTOS[2]] });
    renderPhotos();
    await userEvent.click(await screen.findByRole('button', { name: 'Remove photo 2' }));
    expect(api.callsTo('DELETE', `${LIST}2/`)).toHaveLength(0);
    await userEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', `${LIST}2/`)).toHaveLength(1));
  });
});

import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ProductDetail } from '#contracts/catalog';
import type { VariantRegulatory } from '#contracts/regulatory';
import { setLocale } from '../i18n/locale-store.ts';
import { productListItemFixture } from '../test/product-fixtures.ts';
import { renderWithRouter } from '../test/render-with-router.tsx';
import { variantFixture } from '../test/variant-fixture.ts';
import { RegulatoryTab } from './regulatory-tab.tsx';

const regulatory: VariantRegulatory = {
  gmdn_code: '44901', sterility: 'sterilise_before_use', use: 'reusable', mri_safety: 'mr_unsafe', contains_latex: false,
  udi_di: '08901234500026', direct_marking_di: '08901234599991', eifu: { url: 'https://ifu.example/mayo', version: '3.1' },
  declaration_of_conformity: { name: 'EU Declaration of Conformity', url: '/api/documents/doc-mayo-v2/download/', version: 2, expires_on: null },
  notified_body_certificate: { name: 'Notified Body Certificate', url: '/api/documents/nb-cert/download/', version: 1, expires_on: '2020-05-01' },
};

const product = (variants: ProductDetail['variants']) => ({ ...productListItemFixture(), variants } as unknown as ProductDetail);
const straight = { ...variantFixture(1, { Tip: 'Straight' }, 5), regulatory };
const curved = { ...variantFixture(2, { Tip: 'Curved' }, 5), contents_sheet: '/api/products/lap-set/contents-sheet.pdf?variant=2' };

afterEach(() => setLocale('en'));

describe('RegulatoryTab', () => {
  it('says the chosen variant\'s data in plain words, with its eIFU and document links', () => {
    renderWithRouter(<RegulatoryTab product={product([straight, curved])} />, { path: '/?variant=1' });
    expect(screen.getByText('For Straight')).toBeInTheDocument();
    const value = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling!.textContent;
    expect(value('Sterility')).toBe('Supplied non-sterile: sterilise before use');
    expect(value('Use')).toBe('Reusable after reprocessing');
    expect(value('MRI safety')).toBe('MR Unsafe: keep out of the MRI scanner room');
    expect(value('Natural rubber latex')).toBe('Not made with natural rubber latex');
    expect(value('UDI-DI on the label (GTIN)')).toBe('08901234500026');
    expect(value('UDI-DI marked on the instrument')).toBe('08901234599991');
    expect(value('GMDN code')).toBe('44901');
    const eifu = screen.getByRole('link', { name: 'Open the instructions, version 3.1' });
    expect(eifu).toHaveAttribute('href', 'https://ifu.example/mayo');
    expect(eifu).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Download, version 2 EU Declaration of Conformity' })).toHaveAttribute('href', '/api/documents/doc-mayo-v2/download/');
    expect(screen.getByText('Expired May 1, 2020')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Contents sheet/ })).toBeNull();
  });

  it('for a set without data says so, and links its contents sheet in the page\'s language', () => {
    setLocale('ar');
    renderWithRouter(<RegulatoryTab product={product([straight, curved])} />, { path: '/?variant=2' });
    expect(screen.getByText('لم تُسجَّل بيانات تنظيمية لهذا الإصدار بعد. اسألنا وسنرسلها إليك.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'قائمة المحتويات (PDF)' }))
      .toHaveAttribute('href', '/api/products/lap-set/contents-sheet.pdf?variant=2&lang=ar');
  });

  it('never makes a link of an eIFU address that is not a web address', () => {
    const unsafe = { ...straight, regulatory: { ...regulatory, eifu: { url: 'javascript:alert(1)', version: '1' } } };
    renderWithRouter(<RegulatoryTab product={product([unsafe])} />);
    expect(screen.getByText('javascript:alert(1)')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Open the instructions/ })).toBeNull();
  });
});

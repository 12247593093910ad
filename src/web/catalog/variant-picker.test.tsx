import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '../i18n/locale-store.ts';
import type { ProductOption } from '#contracts/catalog';
import { variantFixture as variant } from '../test/variant-fixture.ts';
import { VariantPicker } from './variant-picker.tsx';

const option = (name: string, values: string[]): ProductOption => ({ name, values, name_translations: {}, value_translations: {} });
const options = [option('Length', ['14 cm', '18 cm', '23 cm']), option('Tip', ['Straight', 'Curved'])];
const variants = [
  variant(1, { Length: '14 cm', Tip: 'Straight' }, 3),
  variant(2, { Length: '14 cm', Tip: 'Curved' }, 4),
  variant(3, { Length: '18 cm', Tip: 'Straight' }, 9),
  variant(4, { Length: '18 cm', Tip: 'Curved' }, 2),
  variant(5, { Length: '23 cm', Tip: 'Curved' }, 0),
];

describe('VariantPicker', () => {
  it('offers one group per option, with the chosen values checked', () => {
    render(<VariantPicker options={options} variants={variants} chosen={variants[1]!} onChoose={() => {}} />);
    const length = screen.getByRole('group', { name: /^Length\s+14 cm$/ });
    expect(within(length).getAllByRole('radio')).toHaveLength(3);
    expect(within(length).getByRole('radio', { name: '14 cm' })).toBeChecked();
    expect(within(screen.getByRole('group', { name: /^Tip\s+Curved$/ })).getByRole('radio', { name: 'Curved' })).toBeChecked();
  });

  it('marks a value no variant in stock carries, and still lets the buyer choose it', async () => {
    const onChoose = vi.fn();
    render(<VariantPicker options={options} variants={variants} chosen={variants[1]!} onChoose={onChoose} />);
    const soldOut = screen.getByRole('radio', { name: '23 cm (out of stock)' });
    expect(soldOut).toBeEnabled();
    await userEvent.click(soldOut);
    expect(onChoose).toHaveBeenCalledWith(variants[4]);
  });

  it('shows option names and values in the language staff gave them in, the English where they gave none, with no typed colon', () => {
    setLocale('ar');
    const translated: ProductOption[] = [
      { ...options[0]!, name_translations: { ar: 'الطول' }, value_translations: { '14 cm': { ar: '١٤ سم' }, '18 cm': { ur: '18 سینٹی میٹر' } } },
      options[1]!,
    ];
    render(<VariantPicker options={translated} variants={variants} chosen={variants[1]!} onChoose={() => {}} />);
    const length = screen.getByRole('group', { name: /^الطول\s+١٤ سم$/ });
    expect(within(length).getByRole('radio', { name: '١٤ سم' })).toBeChecked();
    expect(within(length).getByRole('radio', { name: '18 cm' })).not.toBeChecked();
    expect(screen.getByRole('group', { name: /^Tip\s+Curved$/ })).toBeInTheDocument();
    for (const legend of document.querySelectorAll('legend')) expect(legend.textContent).not.toContain(':');
  });

  it('keeps the other choice when changing one option', async () => {
    const onChoose = vi.fn();
    render(<VariantPicker options={options} variants={variants} chosen={variants[1]!} onChoose={onChoose} />);
    await userEvent.click(screen.getByRole('radio', { name: '18 cm' }));
    expect(onChoose).toHaveBeenCalledWith(variants[3]);
  });
});

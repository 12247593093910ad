import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ProductFilters } from '#contracts/catalog';
import { setLocale } from '../i18n/locale-store.ts';
import { OptionFilters } from './option-filters.tsx';

const options: ProductFilters['options'] = [{
  name: 'Tip', name_translations: { ar: 'الطرف' },
  values: [
    { value: 'Curved', label: 'Curved', count: 12, label_translations: { ar: 'منحني' } },
    { value: 'Straight', label: 'Straight', count: 9, label_translations: {} },
  ],
}];

describe('OptionFilters', () => {
  it('names options and values in the reader\'s language where staff gave it, in English where they did not', () => {
    setLocale('ar');
    render(<OptionFilters className="" query={{}} options={options} onApply={vi.fn()} />);
    const select = screen.getByRole('combobox', { name: 'الطرف' });
    expect([...(select as HTMLSelectElement).options].map((option) => [option.value, option.textContent])).toEqual([
      ['', 'الكل'], ['Curved', 'منحني'], ['Straight', 'Straight'],
    ]);
  });
});

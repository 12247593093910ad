import { describe, expect, it } from 'vitest';
import { checkReceivedGs1, gs1Date, gtinCheckDigit, parseGs1 } from './gs1.ts';

const TODAY = new Date('2026-03-15T10:00:00Z');
const GS = '\u001d';
const parse = (input: string) => parseGs1(input, TODAY);

describe('GS1 element strings', () => {
  it('computes the GTIN mod-10 check digit', () => {
    expect(gtinCheckDigit('0950600013435')).toBe(2);
    expect(gtinCheckDigit('0001234560001')).toBe(2);
  });

  it('reads the parenthesised form in any order', () => {
    expect(parse('(01)09506000134352(17)271231(10)ABC123(21)SN-0042')).toEqual({
      ok: true, data: { gtin: '09506000134352', expiry: '2027-12-31', lot: 'ABC123', serial: 'SN-0042' },
    });
    expect(parse('(10)ABC123(01)09506000134352')).toEqual({ ok: true, data: { gtin: '09506000134352', lot: 'ABC123' } });
  });

  it('reads the raw form with group separators, as ASCII 29 or typed', () => {
    const expected = { ok: true, data: { gtin: '09506000134352', lot: 'ABC123', expiry: '2027-06-30', serial: '7788' } };
    expect(parse(`010950600013435210ABC123${GS}1727063021` + '7788')).toEqual(expected);
    for (const separator of ['<GS>', '[GS]', '{GS}', '\u241d', '^]']) {
      expect(parse(`010950600013435210ABC123${separator}17270630217788`)).toEqual(expected);
    }
    expect(parse(`]d2010950600013435210ABC123${GS}17270630217788`)).toEqual(expected);
  });

  it('reads the raw form without separators when only the last element has a variable length', () => {
    expect(parse('01095060001343521727063010LOT-77/B')).toEqual({
      ok: true, data: { gtin: '09506000134352', expiry: '2027-06-30', lot: 'LOT-77/B' },
    });
    // Without a separator a lot runs to the end: the serial's identifier becomes part of it.
    expect(parse('010950600013435210ABC12321SN1')).toEqual({ ok: true, data: { gtin: '09506000134352', lot: 'ABC12321SN1' } });
  });

  it('takes day 00 as the last day of the month, leap years included', () => {
    expect(parse('(01)09506000134352(17)280200')).toMatchObject({ ok: true, data: { expiry: '2028-02-29' } });
    expect(parse('(01)09506000134352(17)270200')).toMatchObject({ ok: true, data: { expiry: '2027-02-28' } });
    expect(gs1Date('261100', TODAY)).toBe('2026-11-30');
  });

  it('places the century by GS1’s sliding window', () => {
    expect(gs1Date('760101', TODAY)).toBe('2076-01-01');
    expect(gs1Date('770101', TODAY)).toBe('1977-01-01');
    expect(gs1Date('990101', new Date('2098-06-01T00:00:00Z'))).toBe('2099-01-01');
    expect(gs1Date('050101', new Date('2098-06-01T00:00:00Z'))).toBe('2105-01-01');
  });

  it('refuses a GTIN failing its check digit, naming the right digit', () => {
    expect(parse('(01)09506000134353(10)ABC')).toEqual({
      ok: false, errors: ['GTIN (01) 09506000134353 fails its check digit: the last digit should be 2, not 3.'],
    });
  });

  it('refuses bad dates, short GTINs, unknown identifiers and malformed strings with a message per element', () => {
    expect(parse('(01)09506000134352(17)271332')).toEqual({ ok: false, errors: ['Expiry date (17) must be a date as YYMMDD, got “271332”.'] });
    expect(parse('(01)09506000134352(17)270231')).toEqual({ ok: false, errors: ['Expiry date (17) must be a date as YYMMDD, got “270231”.'] });
    expect(parse('(01)0950600013435(10)A')).toEqual({ ok: false, errors: ['GTIN (01) must be 14 digits, got “0950600013435”.'] });
    expect(parse('(01)09506000134352(99)X')).toMatchObject({ ok: false, errors: [expect.stringContaining('Unknown application identifier (99)')] });
    expect(parse('0109506000134352991234')).toMatchObject({ ok: false, errors: [expect.stringContaining('Unknown application identifier 99')] });
    expect(parse('(01)09506000134352)(10)A')).toMatchObject({ ok: false, errors: [expect.stringContaining('malformed')] });
    expect(parse('(01)09506000134352 garbage')).toEqual({ ok: false, errors: ['GTIN (01) must be 14 digits, got “09506000134352 garbage”.'] });
    expect(parse('(01)09506000134352(10)')).toEqual({ ok: false, errors: ['Lot (10) is empty.'] });
    expect(parse(`(01)09506000134352(10)${'L'.repeat(21)}`)).toEqual({ ok: false, errors: ['Lot (10) is at most 20 characters, got 21.'] });
    expect(parse('(01)09506000134352(10)LOT#1')).toEqual({ ok: false, errors: ['Lot (10) “LOT#1” has characters GS1 does not allow.'] });
    expect(parse('(01)09506000134352(01)09506000134352')).toEqual({ ok: false, errors: ['GTIN (01) appears twice.'] });
    expect(parse('(10)ABC')).toEqual({ ok: false, errors: ['The code has no GTIN (01): scan the label’s UDI barcode.'] });
    expect(parse('   ')).toEqual({ ok: false, errors: ['Scan or type a GS1 code.'] });
    // Several problems are all reported.
    expect(parse('(01)09506000134353(17)271399')).toMatchObject({ ok: false, errors: [expect.stringContaining('check digit'), expect.stringContaining('YYMMDD')] });
  });

  it('asks receiving for a lot, a future expiry and one unit per serial', () => {
    expect(checkReceivedGs1('(01)09506000134352(17)271231(10)A1', 5, TODAY)).toEqual([]);
    expect(checkReceivedGs1('(01)09506000134352(17)271231', 5, TODAY)).toEqual(['The code has no lot (10): stock is received by lot.']);
    expect(checkReceivedGs1('(01)09506000134352(17)260315(10)A1', 5, TODAY)).toEqual(['This lot expired on 2026-03-15: it cannot be received for sale.']);
    expect(checkReceivedGs1('(01)09506000134352(10)A1(21)S9', 2, TODAY)).toEqual(['A code with a serial number (21) is one unit: receive it with quantity 1.']);
  });
});

import { describe, expect, it } from 'vitest';
import { orderRequestXml } from '../test/cxml-order-fixtures.ts';
import { CxmlError, parseCxml } from './cxml-document.ts';
import { readOrderRequest } from './order-request.ts';

const read = (xml: string) => readOrderRequest(parseCxml(xml));

describe('a cXML OrderRequest read', () => {
  it('gives its header, addresses, contacts, comments and lines', () => {
    const document = read(orderRequestXml({
      orderId: 'PO-7', contactEmail: 'buyer@mayo.example',
      lines: [{ part: 'SS-1001', quantity: 2, price: '80' }, { part: 'SS-2002', auxiliary: '17', quantity: 10, price: '4.5' }],
    }));
    expect(document).toMatchObject({
      payloadId: '1796272400.PO-7@ariba.example', orderId: 'PO-7', orderDate: '2026-11-30T09:55:00+05:00', type: 'new',
      total: { cents: 18_760, currency: 'USD' }, contactEmails: ['buyer@mayo.example'], comments: 'Deliver to the theatre store before 10am.',
    });
    expect(document.shipTo).toEqual({
      name: 'Mayo Hospital', deliverTo: ['Ayesha Khan', 'Theatre 2 store'], street: ['12 Hospital Road'], city: 'Lahore', state: '',
      postalCode: '54000', country: 'PK', email: '', phone: '+92 42 35761999',
    });
    expect(document.billTo).toMatchObject({ name: 'Mayo Hospital Accounts Payable', street: ['1 Finance Wing'], email: 'payables@mayo.example' });
    expect(document.lines).toEqual([
      { lineNumber: '1', quantity: 2, supplierPartId: 'SS-1001', auxiliaryId: '', unitPriceCents: 8_000, currency: 'USD', unitOfMeasure: 'EA', description: 'Line 1 of the requisition' },
      { lineNumber: '2', quantity: 10, supplierPartId: 'SS-2002', auxiliaryId: '17', unitPriceCents: 450, currency: 'USD', unitOfMeasure: 'EA', description: 'Line 2 of the requisition' },
    ]);
  });

  it('reads the type, lower case, and takes a missing one as new', () => {
    expect(read(orderRequestXml({ orderId: 'PO-8', type: 'Update', lines: [{ part: 'A', quantity: 1, price: '1.00' }] })).type).toBe('update');
    const untyped = orderRequestXml({ orderId: 'PO-9', lines: [{ part: 'A', quantity: 1, price: '1.00' }] }).replace(' type="new"', '');
    expect(read(untyped).type).toBe('new');
  });

  it('refuses, as a cXML 400 naming what, an order it cannot read', () => {
    const good = orderRequestXml({ orderId: 'PO-10', lines: [{ part: 'SS-1001', quantity: 1, price: '1.00' }] });
    const cases: [string, RegExp][] = [
      [good.replace('orderID="PO-10"', ''), /no orderID/],
      [good.replace('quantity="1"', 'quantity="0"'), /Line 1: the quantity/],
      [good.replace('quantity="1"', 'quantity="1.5"'), /Line 1: the quantity/],
      [good.replace('<SupplierPartID>SS-1001</SupplierPartID>', ''), /Line 1: ItemID has no SupplierPartID/],
      [good.replace('<Money currency="USD">1.00</Money></UnitPrice>', '<Money currency="USD">1,00</Money></UnitPrice>'), /Line 1: ItemDetail UnitPrice/],
      [good.replace(/<ItemOut[\s\S]*<\/ItemOut>/, ''), /no ItemOut/],
      [good.replace('<OrderRequest>', '<Other>').replace('</OrderRequest>', '</Other>'), /no OrderRequest/],
    ];
    for (const [xml, message] of cases) {
      let caught: unknown;
      try { read(xml); } catch (error) { caught = error; }
      expect(caught).toBeInstanceOf(CxmlError);
      expect((caught as CxmlError).code).toBe(400);
      expect((caught as CxmlError).message).toMatch(message);
    }
  });
});

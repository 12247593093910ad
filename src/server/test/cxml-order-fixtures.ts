/** One ItemOut: our catalogue number, optionally the variant id, and the price the procurement system holds. */
export interface OrderRequestLine {
  part: string;
  auxiliary?: string;
  quantity: number;
  price: string;
  unit?: string;
}

export interface OrderRequestOptions {
  orderId: string;
  lines: OrderRequestLine[];
  type?: string;
  secret?: string;
  /** The Sender's identity; the From identity is always MAYO-HOSPITAL. */
  sender?: string;
  from?: string;
  contactEmail?: string;
  shipToStreet?: string;
}

export const ORDER_SECRET = 'abracadabra';

const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/**
 * A cXML 1.2 OrderRequest shaped as the cXML reference's example (Ariba's DO1234: header credentials, total, ship-to
 * with its DeliverTo lines, bill-to, shipping, tax, contact, comments, ItemOut lines with their ItemDetail and
 * Classification), with a hospital in Lahore and our catalogue numbers.
 */
export function orderRequestXml(options: OrderRequestOptions): string {
  const from = options.from ?? 'MAYO-HOSPITAL';
  const items = options.lines.map((line, index) => `
    <ItemOut quantity="${line.quantity}" lineNumber="${index + 1}" requestedDeliveryDate="2026-12-10">
      <ItemID>
        <SupplierPartID>${escape(line.part)}</SupplierPartID>
        ${line.auxiliary ? `<SupplierPartAuxiliaryID>${escape(line.auxiliary)}</SupplierPartAuxiliaryID>` : ''}
      </ItemID>
      <ItemDetail>
        <UnitPrice><Money currency="USD">${line.price}</Money></UnitPrice>
        <Description xml:lang="en">Line ${index + 1} of the requisition</Description>
        <UnitOfMeasure>${line.unit ?? 'EA'}</UnitOfMeasure>
        <Classification domain="UNSPSC">42291600</Classification>
        <ManufacturerName xml:lang="en">Sialkot Surgical</ManufacturerName>
      </ItemDetail>
      <Distribution>
        <Accounting name="DistributionCharge">
          <AccountingSegment id="7720"><Name xml:lang="en-US">Account</Name><Description xml:lang="en-US">Theatre supplies</Description></AccountingSegment>
        </Accounting>
        <Charge><Money currency="USD">${line.price}</Money></Charge>
      </Distribution>
    </ItemOut>`).join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE cXML SYSTEM "http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd">
<cXML payloadID="1796272400.${escape(options.orderId)}@ariba.example" timestamp="2026-11-30T10:00:00+05:00" xml:lang="en-US">
  <Header>
    <From><Credential domain="NetworkId"><Identity>${escape(from)}</Identity></Credential></From>
    <To><Credential domain="DUNS"><Identity>942888711</Identity></Credential></To>
    <Sender>
      <Credential domain="NetworkId"><Identity>${escape(options.sender ?? from)}</Identity><SharedSecret>${escape(options.secret ?? ORDER_SECRET)}</SharedSecret></Credential>
      <UserAgent>Ariba.com Network V1.0</UserAgent>
    </Sender>
  </Header>
  <Request deploymentMode="production">
    <OrderRequest>
      <OrderRequestHeader orderID="${escape(options.orderId)}" orderDate="2026-11-30T09:55:00+05:00" type="${options.type ?? 'new'}">
        <Total><Money currency="USD">187.60</Money></Total>
        <ShipTo>
          <Address isoCountryCode="PK" addressID="1000467">
            <Name xml:lang="en">Mayo Hospital</Name>
            <PostalAddress name="default">
              <DeliverTo>Ayesha Khan</DeliverTo>
              <DeliverTo>Theatre 2 store</DeliverTo>
              <Street>${escape(options.shipToStreet ?? '12 Hospital Road')}</Street>
              <City>Lahore</City>
              <PostalCode>54000</PostalCode>
              <Country isoCountryCode="PK">Pakistan</Country>
            </PostalAddress>
            <Phone name="work"><TelephoneNumber><CountryCode isoCountryCode="PK">92</CountryCode><AreaOrCityCode>42</AreaOrCityCode><Number>35761999</Number></TelephoneNumber></Phone>
          </Address>
        </ShipTo>
        <BillTo>
          <Address isoCountryCode="PK" addressID="12">
            <Name xml:lang="en">Mayo Hospital Accounts Payable</Name>
            <PostalAddress name="default">
              <DeliverTo>Imran Qureshi</DeliverTo>
              <Street>1 Finance Wing</Street>
              <City>Lahore</City>
              <PostalCode>54000</PostalCode>
              <Country isoCountryCode="PK">Pakistan</Country>
            </PostalAddress>
            <Email name="default">payables@mayo.example</Email>
          </Address>
        </BillTo>
        <Shipping><Money currency="USD">12.34</Money><Description xml:lang="en-US">Courier</Description></Shipping>
        <Tax><Money currency="USD">10.74</Money><Description xml:lang="en">Sales tax</Description></Tax>
        ${options.contactEmail ? `<Contact role="purchasingAgent"><Name xml:lang="en-US">Purchasing</Name><Email>${escape(options.contactEmail)}</Email></Contact>` : ''}
        <Comments xml:lang="en-US">Deliver to the theatre store before 10am.</Comments>
      </OrderRequestHeader>${items}
    </OrderRequest>
  </Request>
</cXML>`;
}

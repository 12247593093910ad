import PDFDocument from 'pdfkit';
import { CATEGORIES } from './categories.ts';
import type { DocumentSeed } from './catalogue-generator.ts';
import { CERTIFICATIONS, type CertificationSeed } from './certifications.ts';
import { ifuSections } from './ifu-content.ts';
import type { InstrumentType } from './instrument-type.ts';
import { slugify } from './product-variant.ts';

const SHOP = 'Sialkot Surgical';
const SHOP_ADDRESS = 'Sialkot Surgical, Sialkot, Pakistan · quality@sialkotsurgical.example';
/** A fixed revision date keeps the instructions for use byte-identical between seeds. */
const IFU_REVISION = new Date(Date.UTC(2025, 0, 15));
const MARGIN = 56;
const INK = '#1f2937';
const ACCENT = '#0f766e';

type Pdf = InstanceType<typeof PDFDocument>;

function render(title: string, creationDate: Date, draw: (doc: Pdf) => void): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: MARGIN,
    bufferPages: true,
    info: { Title: title, Author: SHOP, Creator: SHOP, Producer: SHOP, CreationDate: creationDate },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  addFooters(doc);
  doc.end();
  return done;
}

function addFooters(doc: Pdf) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#6b7280')
      .text(`${SHOP_ADDRESS}   ·   Page ${i + 1} of ${count}`, MARGIN, doc.page.height - 36, {
        width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false,
      });
    doc.page.margins.bottom = bottom;
  }
}

const isoDate = (date: Date) => date.toISOString().slice(0, 10);

function heading(doc: Pdf, text: string) {
  doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor(ACCENT).text(text).moveDown(0.3);
}

function body(doc: Pdf, text: string) {
  doc.font('Helvetica').fontSize(10).fillColor(INK).text(text, { align: 'left', lineGap: 2 }).moveDown(0.3);
}

export function renderIfuPdf(type: InstrumentType): Promise<Buffer> {
  const category = CATEGORIES.find((c) => c.slug === type.category)?.name ?? type.category;
  return render(`Instructions for Use – ${type.name}`, IFU_REVISION, (doc) => {
    doc.font('Helvetica-Bold').fontSize(10).fillColor(ACCENT).text(SHOP.toUpperCase(), { characterSpacing: 1 });
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(20).fillColor(INK).text('Instructions for Use');
    doc.font('Helvetica').fontSize(15).text(type.name);
    doc.moveDown(0.3).fontSize(9).fillColor('#6b7280')
      .text(`${category}   ·   Document IFU-${type.slug.toUpperCase()}   ·   Revision 3, ${isoDate(IFU_REVISION)}`);
    doc.moveDown(0.5).fillColor(INK).font('Helvetica-Oblique').fontSize(9)
      .text('Read these instructions completely before using the device and keep them available to all users.');
    for (const section of ifuSections(type)) {
      heading(doc, section.heading);
      for (const paragraph of section.paragraphs ?? []) body(doc, paragraph);
      section.steps?.forEach((step, i) => body(doc, `${i + 1}.  ${step}`));
    }
  });
}

export interface CertificateDates {
  issued: Date;
  expires: Date;
  number: string;
}

/** Issued on the first of a month shortly before `now`, so certificates are always current. */
export function certificateDates(certification: CertificationSeed, index: number, now: Date): CertificateDates {
  const monthsBack = 2 + ((index * 5) % 17);
  const issued = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - monthsBack, 1));
  const expires = new Date(Date.UTC(issued.getUTCFullYear() + certification.validityYears, issued.getUTCMonth(), 0));
  const code = slugify(certification.code).replace(/-/g, '').toUpperCase();
  return { issued, expires, number: `SS-${code}-${issued.getUTCFullYear()}-${String(index + 1).padStart(3, '0')}` };
}

/** The certificate that `current` renewed: the same validity, ending the day before `current` was issued. */
export function previousCertificateDates(certification: CertificationSeed, current: CertificateDates): CertificateDates {
  const issued = new Date(Date.UTC(current.issued.getUTCFullYear() - certification.validityYears, current.issued.getUTCMonth(), 1));
  const expires = new Date(current.issued.getTime() - 86_400_000);
  return { issued, expires, number: current.number.replace(/-\d{4}-/, `-${issued.getUTCFullYear()}-`) };
}

function documentDates(document: DocumentSeed & { kind: 'certificate' }, now: Date): CertificateDates {
  const index = CERTIFICATIONS.indexOf(document.certification);
  const current = certificateDates(document.certification, index, now);
  return document.previous ? previousCertificateDates(document.certification, current) : current;
}

/** Version, series and dates of a seeded document: IFUs are at revision 3, certificates at their second issue. */
export function documentEdition(document: DocumentSeed, now: Date) {
  if (document.kind === 'ifu') return { series: document.slug, version: 3, issuedOn: isoDate(IFU_REVISION), expiresOn: null };
  const dates = documentDates(document, now);
  return {
    series: document.slug.replace(/-previous$/, ''),
    version: document.previous ? 1 : 2,
    issuedOn: isoDate(dates.issued),
    expiresOn: isoDate(dates.expires),
  };
}

export function renderCertificatePdf(certification: CertificationSeed, dates: CertificateDates): Promise<Buffer> {
  return render(`Certificate – ${certification.code}`, dates.issued, (doc) => {
    const width = doc.page.width - 2 * MARGIN;
    doc.lineWidth(2).strokeColor(ACCENT).rect(MARGIN - 20, MARGIN - 20, width + 40, doc.page.height - 2 * MARGIN + 10).stroke();
    doc.moveDown(2).font('Helvetica-Bold').fontSize(11).fillColor(ACCENT).text(SHOP.toUpperCase(), { align: 'center', characterSpacing: 1 });
    doc.moveDown(1.5).fontSize(26).fillColor(INK).text('Certificate', { align: 'center' });
    doc.moveDown(0.4).font('Helvetica').fontSize(14).text(certification.name, { align: 'center' });
    doc.moveDown(0.6).fontSize(10).fillColor('#6b7280').text(`Certificate No. ${dates.number}`, { align: 'center' });

    doc.moveDown(2).fillColor(INK).fontSize(11).text(
      `This is to certify that the quality management system and the products of ${SHOP}, Sialkot, Pakistan, `
      + `within the scope below have been assessed and found to conform to the requirements of ${certification.name}. `
      + 'The assessment covered the technical documentation, production records and incoming-goods inspection.',
      { align: 'justify', lineGap: 3 },
    );
    doc.moveDown(1).font('Helvetica-Bold').text('Scope');
    doc.font('Helvetica').text(certification.scope, { align: 'justify', lineGap: 3 });

    doc.moveDown(1.5);
    for (const [label, value] of [['Issued', isoDate(dates.issued)], ['Valid until', isoDate(dates.expires)], ['Holder', `${SHOP}, Sialkot, Pakistan`]]) {
      doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value);
    }
    doc.moveDown(1.5).fontSize(9).fillColor('#6b7280').text(
      'The validity of this certificate depends on successful surveillance audits. To verify it, contact our quality team '
      + 'and quote the certificate number. Product-specific declarations of conformity are available on request.',
      { align: 'justify' },
    );
  });
}

export function renderDocument(document: DocumentSeed, now: Date): Promise<Buffer> {
  if (document.kind === 'ifu') return renderIfuPdf(document.type);
  return renderCertificatePdf(document.certification, documentDates(document, now));
}

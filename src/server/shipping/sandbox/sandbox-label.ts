import PDFDocument from 'pdfkit';

export interface LabelContent {
  carrier: string;
  trackingNumber: string;
  from: string;
  to: string;
  weightGrams: number;
  /** Shown as "COLLECT …" when the courier takes cash at the door. */
  cod?: string;
  reference: string;
}

/** A 4×6 inch shipping label, as the carriers' sandboxes would print it. */
export function renderSandboxLabel(label: LabelContent): Promise<Buffer> {
  const doc = new PDFDocument({ size: [288, 432], margin: 18, info: { Title: `${label.carrier} ${label.trackingNumber}`, Producer: `${label.carrier} sandbox` } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(16).text(`${label.carrier} — SANDBOX`);
  doc.fontSize(22).text(label.trackingNumber).moveDown(0.5);
  doc.font('Helvetica').fontSize(9).text('FROM').fontSize(11).text(label.from).moveDown(0.5);
  doc.fontSize(9).text('TO').font('Helvetica-Bold').fontSize(12).text(label.to).moveDown(0.5);
  doc.font('Helvetica').fontSize(10).text(`Weight: ${(label.weightGrams / 1000).toFixed(2)} kg   Ref: ${label.reference}`);
  if (label.cod) doc.font('Helvetica-Bold').fontSize(14).text(`COLLECT ${label.cod}`);
  doc.end();
  return done;
}

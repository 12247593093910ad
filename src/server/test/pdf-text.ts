import { extractText, getDocumentProxy } from 'unpdf';

/** The text of a PDF answer (an invoice, a quote), all pages joined, for assertions on what the buyer reads. */
export async function pdfText(pdf: Buffer | Uint8Array): Promise<string> {
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
  return text;
}

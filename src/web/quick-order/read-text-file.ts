/** The text of a CSV (or any text) file chosen in the browser, with a spreadsheet's byte-order mark taken off. */
export async function readTextFile(file: File): Promise<string> {
  const text = await file.text();
  return text.replace(/^\uFEFF/, '');
}

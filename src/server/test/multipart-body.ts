export interface Part { name: string; value: string | Buffer; filename?: string; contentType?: string }

/** A multipart/form-data body for app.inject: its payload and content-type header. */
export function multipart(parts: Part[]) {
  const boundary = '----shop-test-boundary';
  const chunks = parts.flatMap((part) => [
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}\r\n`
      + (part.contentType ? `Content-Type: ${part.contentType}\r\n` : '') + '\r\n'),
    Buffer.isBuffer(part.value) ? part.value : Buffer.from(part.value),
    Buffer.from('\r\n'),
  ]);
  return { payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]), contentType: `multipart/form-data; boundary=${boundary}` };
}

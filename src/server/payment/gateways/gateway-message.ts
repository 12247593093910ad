/**
 * A form's, a JSON body's or a query's fields as text, whatever the server parsed: numbers as written, the first of a
 * repeated field; anything else (nested objects, files) is no gateway field and is left out.
 */
export function messageFields(value: unknown): Record<string, string> {
  const fields: Record<string, string> = {};
  if (typeof value !== 'object' || value === null) return fields;
  for (const [key, raw] of Object.entries(value)) {
    const first: unknown = Array.isArray(raw) ? raw[0] : raw;
    if (typeof first === 'string') fields[key] = first;
    else if (typeof first === 'number' && Number.isFinite(first)) fields[key] = String(first);
  }
  return fields;
}

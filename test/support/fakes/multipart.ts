export interface MultipartPart {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer;
}

/** Minimal multipart/form-data parser for the fakes (whole body in memory; test sizes only). */
export function parseMultipart(raw: Buffer, contentTypeHeader: string | undefined): MultipartPart[] {
  const match = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentTypeHeader ?? '');
  if (!match) return [];
  const boundary = Buffer.from(`--${match[1] ?? match[2]}`);
  const parts: MultipartPart[] = [];
  let start = raw.indexOf(boundary);
  while (start !== -1) {
    const next = raw.indexOf(boundary, start + boundary.length);
    if (next === -1) break;
    const section = raw.subarray(start + boundary.length + 2, next - 2); // skip CRLF after boundary and before next
    const headerEnd = section.indexOf('\r\n\r\n');
    if (headerEnd !== -1) {
      const headers = section.subarray(0, headerEnd).toString('utf8');
      const disposition = /content-disposition:([^\r\n]*)/i.exec(headers)?.[1] ?? '';
      const name = /\bname="([^"]*)"/i.exec(disposition)?.[1] ?? '';
      const filename = /\bfilename="([^"]*)"/i.exec(disposition)?.[1];
      const contentType = /content-type:\s*([^\r\n]*)/i.exec(headers)?.[1]?.trim();
      parts.push({ name, filename, contentType, data: Buffer.from(section.subarray(headerEnd + 4)) });
    }
    start = next;
  }
  return parts;
}

/** The text fields of a multipart body as an object (last value wins; arrays for `name[]`). */
export function multipartFields(parts: MultipartPart[]): Record<string, string | string[]> {
  const fields: Record<string, string | string[]> = {};
  for (const part of parts) {
    if (part.filename !== undefined) continue;
    const value = part.data.toString('utf8');
    if (part.name.endsWith('[]')) {
      const list = (fields[part.name] as string[] | undefined) ?? [];
      list.push(value);
      fields[part.name] = list;
    } else fields[part.name] = value;
  }
  return fields;
}

// Reads a binary request body (an image, an import's file) for an operation that declares `upload`
// (lib/http/operation.ts): a declared length over the limit is refused unread, a longer stream
// at the limit (413, the route's own error); multipart/form-data gives the file of the named field
// and the form's other fields. The bytes are judged by the route (PNG? CSV?), not here.
import { AppError } from '../core/errors';
import { readBodyBytes } from './read-json-body';

export interface Upload {
  data: Buffer;
  /** The request's Content-Type (multipart: the file part's own type, if any). */
  contentType: string | null;
  /** Multipart: the file's name, as the client gave it. */
  filename?: string;
  /** Multipart: the form's other (text) fields. */
  fields?: Record<string, string>;
}

export interface UploadLimits {
  maxBytes: number;
  tooLarge: () => AppError;
  multipartField?: string;
}

export async function readUpload(req: Request, spec: UploadLimits): Promise<Upload> {
  if (Number(req.headers.get('content-length') ?? 0) > spec.maxBytes) throw spec.tooLarge();
  const contentType = req.headers.get('content-type');
  if (spec.multipartField && /^multipart\/form-data/i.test(contentType ?? '')) return readMultipart(req, spec.multipartField);
  return { data: await readBodyBytes(req, spec.maxBytes, spec.tooLarge), contentType };
}

async function readMultipart(req: Request, field: string): Promise<Upload> {
  let form: FormData;
  try {
    form = await req.formData();
  } catch (err) {
    // The router's refusal of the body (lib/api/limited-body.ts), as undici hands it on.
    const refusal = err instanceof AppError ? err : (err as { cause?: unknown } | null)?.cause;
    if (refusal instanceof AppError) throw refusal;
    throw new AppError('invalid_request', 'The multipart body could not be read.');
  }
  const file = form.get(field);
  if (!(file instanceof Blob))
    throw new AppError('invalid_request', `Send the file in a multipart field named "${field}".`, { [field]: 'A file is required.' });
  const fields: Record<string, string> = {};
  for (const [k, v] of form.entries()) if (k !== field) fields[k] = typeof v === 'string' ? v : '';
  const filename = 'name' in file && typeof file.name === 'string' && file.name !== '' ? file.name : undefined;
  return { data: Buffer.from(await file.arrayBuffer()), contentType: file.type || null, filename, fields };
}

import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Contract, ParamsOf, ResponseOf } from '#contracts/define';
import type { FieldErrors } from './errors.ts';
import type { Guard } from './route.ts';

export interface UploadedFile {
  fileName: string;
  content: Buffer;
  /** The upload went past the size limit and was cut off. */
  truncated: boolean;
}

export interface UploadForm {
  fields: Record<string, string>;
  /** The first file sent under each field name. */
  files: Record<string, UploadedFile>;
}

/**
 * A multipart/form-data request's text fields and files (@fastify/multipart registered with throwFileSizeLimit
 * false): a file past `maxBytes` is cut off there and flagged, so the route answers a clear 400 rather than a 413.
 */
export async function readUploadForm(request: FastifyRequest, maxBytes: number): Promise<UploadForm> {
  const form: UploadForm = { fields: {}, files: {} };
  if (!request.isMultipart()) return form;
  for await (const part of request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 1_000, parts: 12 } })) {
    if (part.type === 'file') {
      const content = await part.toBuffer();
      form.files[part.fieldname] ??= { fileName: part.filename, content, truncated: part.file.truncated };
    } else if (typeof part.value === 'string') {
      form.fields[part.fieldname] = part.value;
    }
  }
  return form;
}

/** A form's text fields checked by a schema: their parsed values, or each field's messages. */
export function parseFields<T>(schema: z.ZodType<T>, fields: Record<string, string>): { data?: T; errors: FieldErrors } {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return { data: parsed.data, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) (errors[String(issue.path[0])] ??= []).push(issue.message);
  return { errors };
}

export type UploadHandler<C extends Contract> = (
  request: FastifyRequest & { params: ParamsOf<C> }, form: UploadForm,
) => Promise<{ status: number; body: ResponseOf<C> }>;

/**
 * A contract's multipart/form-data route, with files of at most `maxBytes`. Multipart parsing stays inside the
 * route's own scope, so no other route accepts uploads; the guard (staff, or any signed-in user) runs before anything
 * is read.
 */
export function uploadRoute<C extends Contract>(
  app: FastifyInstance, contract: C, guard: Guard, maxBytes: number, handler: UploadHandler<C>,
): void {
  void app.register(async (scope) => {
    await scope.register(multipart, { throwFileSizeLimit: false });
    scope.withTypeProvider<ZodTypeProvider>().route({
      method: contract.method,
      url: contract.path,
      config: { staff: contract.staff },
      preValidation: guard,
      schema: contract.params ? { params: contract.params } : {},
      bodyLimit: maxBytes + 64 * 1024,
      handler: async (request, reply) => {
        const { status, body } = await handler(request as FastifyRequest & { params: ParamsOf<C> }, await readUploadForm(request, maxBytes));
        return reply.status(status).send(contract.response.parse(body));
      },
    });
  });
}

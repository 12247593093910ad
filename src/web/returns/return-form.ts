import { useMemo } from 'react';
import { z } from 'zod';
import {
  RETURN_PHOTO_MAX_BYTES, RETURN_QUANTITY, returnRequestBody, type ReturnableLine, type ReturnRequestBody,
} from '#contracts/returns';
import { useContractForm } from '../forms/use-contract-form.ts';

export const PHOTO_TYPES = ['image/jpeg', 'image/png'];
export const PHOTO_MAX_MB = RETURN_PHOTO_MAX_BYTES / 1024 / 1024;

/** A returnable line as the form holds it: 0 units leaves it out; '' is no reason, or no exchange, chosen yet. */
const lineValues = z.object({
  order_item_id: z.number(),
  quantity: z.number({ message: RETURN_QUANTITY }).int(RETURN_QUANTITY).min(0, RETURN_QUANTITY),
  reason: z.string(),
  used: z.boolean(),
  opened: z.boolean(),
  exchange_variant_id: z.string(),
});

const formValues = z.object({
  lines: z.array(lineValues),
  comment: z.string(),
  decontamination_declared: z.boolean(),
  photo: z.custom<FileList | undefined>(),
});
type FormValues = z.infer<typeof formValues>;

/** Whether the line goes with the request: some units of it chosen. */
export const isChosen = (line: { quantity: number }) => line.quantity > 0;

/**
 * The request's body, and for each item sent the index of its line in the form. The declaration goes only when it was
 * asked for (a line marked used).
 */
export function returnRequestOf(values: Omit<FormValues, 'photo'>): { body: ReturnRequestBody; sent: number[] } {
  const sent = values.lines.flatMap((line, index) => (isChosen(line) ? [index] : []));
  const items = sent.map((index) => {
    const { order_item_id, quantity, reason, used, opened, exchange_variant_id } = values.lines[index]!;
    return {
      order_item_id, quantity, used, opened,
      // '' is no reason chosen: the contract names it.
      reason: reason as ReturnRequestBody['items'][number]['reason'],
      ...(exchange_variant_id ? { exchange_variant_id: Number(exchange_variant_id) } : {}),
    };
  });
  return {
    body: { items, comment: values.comment, decontamination_declared: items.some((item) => item.used) && values.decontamination_declared },
    sent,
  };
}

/** A problem's field in the request (`items.1.opened`) as the field of the form's line (`lines.3.opened`). */
export function formField(field: string, sent: number[]): string {
  const [head, index, ...rest] = field.split('.');
  if (head !== 'items') return field;
  if (index === undefined) return 'lines';
  const line = sent[Number(index)];
  return line === undefined ? 'lines' : ['lines', line, ...rest].join('.');
}

const photoFits = (photo: File) => PHOTO_TYPES.includes(photo.type) && photo.size <= RETURN_PHOTO_MAX_BYTES;

/**
 * The form's own check: at most the units each line may still return, a JPEG or PNG photo that is small enough, and
 * then the contract's rules on the body it sends, each problem put on the line it came from.
 */
function returnFormSchema(lines: ReturnableLine[]) {
  return formValues.superRefine((values, ctx) => {
    values.lines.forEach((line, index) => {
      const max = lines.find((returnable) => returnable.order_item_id === line.order_item_id)?.returnable_quantity ?? 0;
      for (const issue of z.number().max(max).safeParse(line.quantity).error?.issues ?? []) {
        ctx.addIssue({ ...issue, path: ['lines', index, 'quantity'] });
      }
    });
    const photo = values.photo?.[0];
    if (photo && !photoFits(photo)) ctx.addIssue({ code: 'custom', path: ['photo'], message: 'A JPEG or PNG photo is needed.' });
    const { sent, body } = returnRequestOf(values);
    for (const issue of returnRequestBody.safeParse(body).error?.issues ?? []) {
      ctx.addIssue({ ...issue, path: formField(issue.path.join('.'), sent).split('.') });
    }
  }).transform((values) => ({ ...returnRequestOf(values), photo: values.photo?.[0] }));
}

/** The return request form over the order's returnable lines, each starting at 0 units. */
export function useReturnForm(lines: ReturnableLine[], photoRule: string) {
  const schema = useMemo(() => returnFormSchema(lines), [lines]);
  return useContractForm(schema, {
    defaultValues: {
      lines: lines.map((line) => ({
        order_item_id: line.order_item_id, quantity: 0, reason: '', used: false, opened: false, exchange_variant_id: '',
      })),
      comment: '',
      decontamination_declared: false,
    },
    overrides: { photo: photoRule },
  });
}

export type ReturnForm = ReturnType<typeof useReturnForm>;

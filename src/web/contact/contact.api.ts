import { useMutation } from '@tanstack/react-query';
import { submitContact, type ContactBody } from '#contracts/contact';
import { apiFetch } from '../lib/api.ts';

export function useSendContactMessage() {
  return useMutation({ mutationFn: (body: ContactBody) => apiFetch(submitContact, { body }) });
}

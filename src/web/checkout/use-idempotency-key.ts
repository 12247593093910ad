import { useRef } from 'react';

async function fingerprintOf(request: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(JSON.stringify(request)));
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * One Idempotency-Key per payment attempt. The same request sent again after an unknown outcome (no answer)
 * reuses the key, so the server cannot charge twice; a changed request or a settled attempt gets a new one.
 * Only a hash of the request is kept, never the payment details themselves.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ key: string; fingerprint: string } | null>(null);

  return {
    async keyFor(request: unknown): Promise<string> {
      const fingerprint = await fingerprintOf(request);
      if (attempt.current?.fingerprint !== fingerprint) attempt.current = { key: crypto.randomUUID(), fingerprint };
      return attempt.current.key;
    },
    settle() {
      attempt.current = null;
    },
  };
}

import { createHash } from 'node:crypto';

/** The Content-Security-Policy source that lets exactly this inline script run: its SHA-256. */
export const scriptHash = (script: string): string => `'sha256-${createHash('sha256').update(script).digest('base64')}'`;

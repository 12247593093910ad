import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { punchoutIdentities } from '../db/schema/punchout.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { attr, child, children, textAt, unauthorisedCxml, type CxmlNode } from './cxml-document.ts';

export interface Credential {
  domain: string;
  identity: string;
}

export type PunchoutIdentity = typeof punchoutIdentities.$inferSelect;

const credentialsOf = (party: CxmlNode | undefined): Credential[] =>
  children(party, 'Credential').map((credential) => ({ domain: attr(credential, 'domain'), identity: textAt(credential, 'Identity') }));

const same = (a: Credential, b: Credential) =>
  a.domain.toLowerCase() === b.domain.toLowerCase() && a.identity.toLowerCase() === b.identity.toLowerCase();

/** The identity whose domain and identity these are, whatever their case. */
export async function identityByCredential(db: DbOrTx, credential: Credential): Promise<PunchoutIdentity | null> {
  const [row] = await db.select().from(punchoutIdentities).where(and(
    eq(sql`lower(${punchoutIdentities.fromDomain})`, credential.domain.toLowerCase()),
    eq(sql`lower(${punchoutIdentities.fromIdentity})`, credential.identity.toLowerCase()),
  ));
  return row ?? null;
}

/** True when `secret` is the identity's shared secret. */
export const secretMatches = (identity: PunchoutIdentity, secret: string) =>
  secret.length > 0 && verifyPassword(identity.secretHash, secret);

const REFUSED = 'The sender could not be authenticated.';

/**
 * The organisation's punchout identity a cXML request comes from: one of its `From` credentials names the identity,
 * and its `Sender` presents that same credential with the identity's shared secret (a direct connection: the buying
 * organisation sends its own documents). Anything else is a cXML 401, saying no more than that.
 */
export async function authenticateCxml(db: DbOrTx, root: CxmlNode): Promise<PunchoutIdentity> {
  const header = child(root, 'Header');
  const from = credentialsOf(child(header, 'From'));
  const senderCredential = child(child(header, 'Sender'), 'Credential');
  const sender: Credential = { domain: attr(senderCredential, 'domain'), identity: textAt(senderCredential, 'Identity') };
  const secret = textAt(senderCredential, 'SharedSecret');
  for (const credential of from) {
    const identity = await identityByCredential(db, credential);
    if (!identity) continue;
    const own: Credential = { domain: identity.fromDomain, identity: identity.fromIdentity };
    if (!same(sender, own) || !(await secretMatches(identity, secret))) throw unauthorisedCxml(REFUSED);
    return identity;
  }
  throw unauthorisedCxml(REFUSED);
}

import { eq } from 'drizzle-orm';
import {
  CREDENTIAL_TAKEN, putOrganisationPunchout, type IdentityAnswer, type PunchoutIdentityView, type PunchoutUrls,
  type SavedIdentityAnswer,
} from '#contracts/punchout';
import type { BodyOf } from '#contracts/define';
import { hashPassword } from '../auth/passwords.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { punchoutIdentities } from '../db/schema/punchout.ts';
import { apiError, badRequest } from '../lib/errors.ts';
import type { Membership } from '../organisation-members/membership.ts';
import { identityByCredential, type PunchoutIdentity } from './cxml-credentials.ts';

/** The addresses the organisation gives its procurement system. */
export const punchoutUrls = (publicUrl: string): PunchoutUrls => ({
  cxml_setup: `${publicUrl}/punchout/cxml/setup`,
  cxml_order: `${publicUrl}/punchout/cxml/order`,
  oci: `${publicUrl}/punchout/oci`,
});

const view = (row: PunchoutIdentity): PunchoutIdentityView => ({
  from_domain: row.fromDomain, from_identity: row.fromIdentity, price_mismatch: row.priceMismatch, updated_at: row.updatedAt.toISOString(),
});

export async function identityOf(db: DbOrTx, organisationId: string): Promise<PunchoutIdentity | null> {
  const [row] = await db.select().from(punchoutIdentities).where(eq(punchoutIdentities.organisationId, organisationId));
  return row ?? null;
}

/** The identity as the audit trail keeps it: never the secret, not even hashed. */
export const identitySnapshot = (db: Db) => async (organisationId: string) => {
  const row = await identityOf(db, organisationId);
  return row ? { organisationId, ...view(row) } : undefined;
};

export async function identityAnswer(db: DbOrTx, organisationId: string, publicUrl: string): Promise<IdentityAnswer> {
  const row = await identityOf(db, organisationId);
  return { identity: row && view(row), urls: punchoutUrls(publicUrl) };
}

export function requirePunchoutAdmin(membership: Membership): void {
  if (membership.role !== 'admin') {
    throw apiError(putOrganisationPunchout, 'ORGANISATION_ROLE', 403, 'Only an admin of your organisation can do this.');
  }
}

/**
 * Sets the organisation's credential and shared secret (replacing any earlier ones: the old secret stops working at
 * once). A credential another organisation uses is a 400 on from_identity, and nothing is written.
 */
export async function saveIdentity(
  db: Db, organisationId: string, body: BodyOf<typeof putOrganisationPunchout>, actorId: string, publicUrl: string,
): Promise<SavedIdentityAnswer> {
  const credential = { domain: body.from_domain, identity: body.from_identity };
  const taken = await identityByCredential(db, credential);
  if (taken && taken.organisationId !== organisationId) throw badRequest({ from_identity: [CREDENTIAL_TAKEN] });
  const values = {
    fromDomain: body.from_domain, fromIdentity: body.from_identity, secretHash: await hashPassword(body.shared_secret),
    priceMismatch: body.price_mismatch, updatedBy: actorId, updatedAt: new Date(),
  };
  try {
    const [row] = await db.insert(punchoutIdentities).values({ organisationId, ...values })
      .onConflictDoUpdate({ target: punchoutIdentities.organisationId, set: values }).returning();
    return { identity: view(row), urls: punchoutUrls(publicUrl), shared_secret: body.shared_secret };
  } catch (error) {
    // Another organisation took the credential between the check and the write.
    if (await identityByCredential(db, credential).then((row) => row && row.organisationId !== organisationId)) {
      throw badRequest({ from_identity: [CREDENTIAL_TAKEN] });
    }
    throw error;
  }
}

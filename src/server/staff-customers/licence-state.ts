import type { LicenceState } from '#contracts/staff-customers';
import type { Db } from '../db/client.ts';
import { licenceStanding } from '../licences/licence-gate.ts';

/** What the customer may buy from restricted categories today, as checkout decides it. */
export async function licenceState(db: Db, userId: string, now: Date): Promise<LicenceState> {
  return (await licenceStanding(db, userId, now)).reason ?? 'valid';
}

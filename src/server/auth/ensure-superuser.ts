import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/users.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/** Makes sure a verified superuser with this email and password exists. */
export async function ensureSuperuser(db: Db, email: string, password: string): Promise<void> {
  const [existing] = await db.select().from(users).where(sql`lower(${users.email}) = lower(${email})`);
  if (!existing) {
    await db.insert(users).values({
      email: email.toLowerCase(),
      passwordHash: await hashPassword(password),
      firstName: 'Shop',
      lastName: 'Administrator',
      isVerified: true,
      staffRole: 'owner',
      isSuperuser: true,
    });
    return;
  }
  const passwordHash = (await verifyPassword(existing.passwordHash, password))
    ? existing.passwordHash
    : await hashPassword(password);
  await db.update(users)
    .set({ passwordHash, isVerified: true, staffRole: 'owner', isSuperuser: true, updatedAt: new Date() })
    .where(sql`${users.id} = ${existing.id}`);
}

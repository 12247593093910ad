import { boolean, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { CONTACT_SUBJECTS } from '../../../contracts/contact.ts';

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  phone: text('phone'),
  company: text('company'),
  subject: text('subject', { enum: CONTACT_SUBJECTS }).notNull(),
  message: text('message').notNull(),
  consent: boolean('consent').notNull(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

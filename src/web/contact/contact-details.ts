import type { TFunction } from 'i18next';
import { Clock, Factory, Mail, MessageCircle, Phone, Truck, Warehouse, Building2, type LucideIcon } from 'lucide-react';
import { CONTACT_SUBJECTS } from '#contracts/contact';
import type { TextKey as AnyTextKey } from '../i18n/text-key.ts';
import { CONTACT_EMAIL, CONTACT_PHONE } from './shop-contact.ts';

/** Each text below is a key of the contact catalogue, shown in the visitor's language. */
type TextKey = AnyTextKey<'contact'>;

export function subjectOptions(t: TFunction<'contact'>) {
  return CONTACT_SUBJECTS.map((value) => ({ value, label: t(value) }));
}

export const CHANNELS: Array<{ icon: LucideIcon; title: TextKey; value: string; href: string; note: TextKey }> = [
  { icon: Phone, title: 'phone', value: CONTACT_PHONE, href: `tel:${CONTACT_PHONE.replace(/ /g, '')}`, note: 'phoneNote' },
  { icon: Mail, title: 'email', value: CONTACT_EMAIL, href: `mailto:${CONTACT_EMAIL}`, note: 'emailNote' },
  { icon: MessageCircle, title: 'whatsapp', value: '+92 300 000 0000', href: 'https://wa.me/923000000000', note: 'whatsappNote' },
];

export const LOCATIONS: Array<{ icon: LucideIcon; title: TextKey; city: TextKey; text: TextKey }> = [
  { icon: Building2, title: 'headOffice', city: 'headOfficeCity', text: 'headOfficeText' },
  { icon: Factory, title: 'manufacturing', city: 'manufacturingCity', text: 'manufacturingText' },
  { icon: Warehouse, title: 'distribution', city: 'distributionCity', text: 'distributionText' },
];

export const BUSINESS_HOURS: Array<{ days: TextKey; hours: TextKey }> = [
  { days: 'weekdays', hours: 'weekdayHours' },
  { days: 'saturday', hours: 'saturdayHours' },
  { days: 'sunday', hours: 'closed' },
];

export const SHIPPING: Array<{ icon: LucideIcon; title: TextKey; text: TextKey }> = [
  { icon: Truck, title: 'freeShipping', text: 'freeShippingText' },
  { icon: Clock, title: 'standardDelivery', text: 'standardDeliveryText' },
  { icon: Truck, title: 'expressDelivery', text: 'expressDeliveryText' },
  { icon: Truck, title: 'international', text: 'internationalText' },
];

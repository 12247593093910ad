import { Clock, Factory, Mail, MessageCircle, Phone, Truck, Warehouse, Building2, type LucideIcon } from 'lucide-react';
import type { ContactSubject } from '#contracts/contact';

export const SUBJECT_OPTIONS: ReadonlyArray<{ value: ContactSubject; label: string }> = [
  { value: 'general', label: 'General Inquiry' },
  { value: 'product', label: 'Product Information' },
  { value: 'pricing', label: 'Pricing & Quotes' },
  { value: 'support', label: 'Technical Support' },
  { value: 'partnership', label: 'Partnership' },
  { value: 'complaint', label: 'Complaint' },
];

export interface ContactChannel {
  icon: LucideIcon;
  title: string;
  value: string;
  href: string;
  note: string;
}

export const CHANNELS: ContactChannel[] = [
  { icon: Phone, title: 'Phone', value: '+92 51 000 0000', href: 'tel:+92510000000', note: 'Mon-Fri 9:00 AM - 6:00 PM (PKT)' },
  { icon: Mail, title: 'Email', value: 'sales@sialkotsurgical.example', href: 'mailto:sales@sialkotsurgical.example', note: 'We reply within one business day' },
  { icon: MessageCircle, title: 'WhatsApp', value: '+92 300 000 0000', href: 'https://wa.me/923000000000', note: 'Quick questions and order updates' },
];

export const LOCATIONS: Array<{ icon: LucideIcon; title: string; city: string; text: string }> = [
  { icon: Building2, title: 'Head Office', city: 'Islamabad, Pakistan', text: 'Sales, hospital accounts, tenders and customer service.' },
  { icon: Factory, title: 'Manufacturing', city: 'Sialkot, Pakistan', text: 'Forging, machining, finishing, inspection and sterile packing.' },
  { icon: Warehouse, title: 'Distribution Center', city: 'Karachi, Pakistan', text: 'Warehousing, export shipping and customs clearance.' },
];

export const BUSINESS_HOURS = [
  { days: 'Monday - Friday', hours: '9:00 AM - 6:00 PM' },
  { days: 'Saturday', hours: '9:00 AM - 2:00 PM' },
  { days: 'Sunday', hours: 'Closed' },
];

export const SHIPPING = [
  { icon: Truck, title: 'Free shipping', text: 'Free shipping on orders over $500 within Pakistan.' },
  { icon: Clock, title: 'Standard delivery', text: '3-5 business days.' },
  { icon: Truck, title: 'Express delivery', text: '1-2 days in major cities.' },
  { icon: Truck, title: 'International', text: '7-14 days, with export documents and customs paperwork prepared by us.' },
];

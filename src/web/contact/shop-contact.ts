/** How buyers reach the shop: shown on the contact page and given to search engines. */
export const CONTACT_PHONE = '+92 51 000 0000';
export const CONTACT_EMAIL = 'sales@sialkotsurgical.example';

import { useTranslation } from 'react-i18next';
import { INTL_LOCALES } from '#contracts/auth';
import { staffMayUse, staffRoles, type StaffRole } from '#contracts/staff-roles';
import { useLocale } from '../i18n/locale-store.ts';
import { staffPages } from '../staff/staff-pages.ts';

/** The staff screens a role opens, in the staff menu's order: the same access lists the server's guard reads. */
export const pagesOfRole = (role: StaffRole) => staffPages.filter((page) => staffMayUse(role, page.access));

/** Each role's name and a line saying what it opens, in the reader's language. */
export function useRoleTexts() {
  const { t } = useTranslation(['staff-members', 'staff-menu']);
  const list = new Intl.ListFormat(INTL_LOCALES[useLocale()], { type: 'conjunction' });
  const reach = (role: StaffRole) => role === 'owner'
    ? t('staff-members:ownerReach')
    : t('staff-members:reach', { pages: list.format(pagesOfRole(role).map((page) => t(`staff-menu:${page.label}`))) });
  return {
    name: (role: StaffRole) => t(`staff-members:roles.${role}`),
    reach,
    options: staffRoles.map((role) => ({ value: role, label: t(`staff-members:roles.${role}`) })),
  };
}

import { useTranslation } from 'react-i18next';
import { ORGANISATION_ROLES, type OrganisationRole } from '#contracts/organisation-members';

/** Each organisation role's name and the one line saying what it does, in the reader's language. */
export function useRoleTexts() {
  const { t } = useTranslation('organisation-members');
  const name = (role: OrganisationRole) => t(`roles.${role}`);
  return {
    name,
    explanation: (role: OrganisationRole) => t(`roleExplanations.${role}`),
    options: ORGANISATION_ROLES.map((role) => ({ value: role, label: name(role) })),
  };
}

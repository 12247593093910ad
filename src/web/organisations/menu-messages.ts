import { defineMessages } from '../i18n/define-messages.ts';

/** The staff menu's link, apart from the pages' text so the app shell stays small. */
export const organisationMenuMessages = defineMessages({
  en: { menuOrganisations: 'Organisations' },
  ur: { menuOrganisations: 'ادارے' },
  ar: { menuOrganisations: 'المؤسسات' },
});

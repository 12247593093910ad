import { useState } from 'react';
import type { CurrentUser } from '../auth/use-current-user.ts';
import { useOrganisationFields } from './organisation-fields.tsx';
import { useShippingForm, type ShippingValues } from './shipping-values.ts';

/**
 * The step before payment wherever an order is paid for (checkout, an accepted quote): the shipping details and, for
 * a member of an organisation, the department and purchase-order number, checked before payment opens.
 */
export function useShippingStep(user: CurrentUser | null) {
  const shippingForm = useShippingForm(user);
  const organisation = useOrganisationFields(user, shippingForm);
  // The shipping details as checked on Continue to Payment; payment opens with them.
  const [shipping, setShipping] = useState<ShippingValues | null>(null);
  /** The form's submit handler; payment opens once the details are right and the address is `shippable`. */
  const continueToPayment = (shippable = true) => shippingForm.handleSubmit((values) => {
    if (organisation.validate() && shippable) setShipping(values);
  }, () => organisation.validate());

  return {
    shippingForm,
    organisation,
    shipping,
    continueToPayment,
    edit: () => setShipping(null),
    /** A refused payment's problems with the department, PO number or address: back on this step, on their fields. */
    refused(error: unknown) {
      if (organisation.setServerErrors(error)) setShipping(null);
    },
  };
}

import { useTranslation } from 'react-i18next';
import { useEffect, useId } from 'react';
import { useFieldArray, useWatch, type Path } from 'react-hook-form';
import { Copy, Plus, Trash2 } from 'lucide-react';
import type { OrganisationMember } from '#contracts/organisation-members';
import {
  createDepartment, MAX_SHIP_TO, type CreateDepartmentBody, type Department, type DepartmentAddress,
} from '#contracts/organisation-purchasing';
import { ADDRESS_FIELDS, AddressField } from '../checkout/shipping-form.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { CheckboxField } from '../components/ui/checkbox-field.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { FieldMessage } from '../components/ui/form-field.tsx';
import { notify } from '../components/ui/notify.ts';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm, type FormValues } from '../forms/use-contract-form.ts';
import { useCreateDepartment, useUpdateDepartment } from './purchasing.api.ts';
import { useErrorText } from '../lib/error-text.ts';

type Values = FormValues<CreateDepartmentBody>;
type AddressPrefix = 'bill_to' | `ship_to.${number}`;

const emptyAddress = (): DepartmentAddress => ({
  email: '', firstName: '', lastName: '', company: '', address: '', city: '', postalCode: '', country: 'PK', phone: '',
});

/** The form's values: the department as it is, or an empty one with one delivery address. */
const valuesOf = (department: Department | undefined): Values => department
  ? {
    name: department.name,
    cost_centre: department.cost_centre,
    bill_to: { ...department.bill_to },
    ship_to: department.ship_to.map((address) => ({ ...address })),
    po_required: department.po_required,
    member_ids: [...department.member_ids],
  }
  : { name: '', cost_centre: '', bill_to: emptyAddress(), ship_to: [emptyAddress()], po_required: false, member_ids: [] };

const useDepartmentForm = (department: Department | undefined) =>
  useContractForm(createDepartment.body, { defaultValues: valuesOf(department) });

type DepartmentFormApi = ReturnType<typeof useDepartmentForm>;

/** An address's fields, labelled as checkout labels them; `prefix` is where it sits in the form (`ship_to.0`). */
function AddressFields({ form, prefix }: { form: DepartmentFormApi; prefix: AddressPrefix }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {ADDRESS_FIELDS.map((field) => {
        const name = `${prefix}.${field.name}` as Path<Values>;
        return <AddressField key={field.name} field={field} autoComplete="off" {...form.register(name)} error={form.errorText(name)} />;
      })}
    </div>
  );
}

/** The delivery addresses: at least one, at most MAX_SHIP_TO, each removable while another remains. */
function DeliveryAddresses({ form }: { form: DepartmentFormApi }) {
  const { t } = useTranslation('organisation-purchasing');
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'ship_to' });
  const hintId = useId();
  const listError = form.errorText('ship_to') ?? form.errorText('ship_to.root' as Path<Values>);

  const copyBillTo = (index: number) => {
    const billTo = form.getValues('bill_to');
    for (const { name } of ADDRESS_FIELDS) {
      form.setValue(`ship_to.${index}.${name}`, billTo[name] ?? '', { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
    }
  };

  return (
    <fieldset aria-describedby={hintId} className="space-y-4">
      <legend className="text-base font-bold text-slate-900">{t('purchasing.shipToLegend')}</legend>
      <p id={hintId} className="-mt-2 text-sm text-slate-600">{t('purchasing.shipToHint', { max: MAX_SHIP_TO })}</p>
      {fields.map((field, index) => {
        const number = index + 1;
        const headingId = `${hintId}-${field.id}`;
        return (
          <div key={field.id} role="group" aria-labelledby={headingId} className="rounded-lg border border-slate-200 p-4"
            data-testid="delivery-address">
            <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
              <h4 id={headingId} className="text-sm font-semibold text-slate-900">{t('purchasing.deliveryAddress', { number })}</h4>
              <div className="flex flex-wrap gap-2">
                <Button size="sm" variant="ghost" aria-label={t('purchasing.copyBillToOf', { number })} onClick={() => copyBillTo(index)}>
                  <Copy aria-hidden="true" className="h-4 w-4" />{t('purchasing.copyBillTo')}
                </Button>
                {fields.length > 1 && (
                  <Button size="sm" variant="ghost" className="text-red-700" aria-label={t('purchasing.removeAddressOf', { number })}
                    onClick={() => remove(index)}>
                    <Trash2 aria-hidden="true" className="h-4 w-4" />{t('purchasing.remove')}
                  </Button>
                )}
              </div>
            </div>
            <AddressFields form={form} prefix={`ship_to.${index}`} />
          </div>
        );
      })}
      <FieldMessage id={`${hintId}-error`} error={listError} />
      {fields.length < MAX_SHIP_TO && (
        <Button variant="secondary" onClick={() => append(emptyAddress())}>
          <Plus aria-hidden="true" className="h-4 w-4" />{t('purchasing.addAddress')}
        </Button>
      )}
    </fieldset>
  );
}

/** The members who order for the department, as checkboxes by name and email. */
function MemberChoice({ form, members }: { form: DepartmentFormApi; members: readonly OrganisationMember[] }) {
  const { t } = useTranslation('organisation-purchasing');
  const chosen = useWatch({ control: form.control, name: 'member_ids' }) ?? [];
  const hintId = useId();
  const error = form.errorText('member_ids') ?? chosen.map((_, index) => form.errorText(`member_ids.${index}`)).find(Boolean);

  const toggle = (id: number, on: boolean) => form.setValue(
    'member_ids',
    on ? [...chosen, id] : chosen.filter((member) => member !== id),
    { shouldDirty: true },
  );

  return (
    <fieldset aria-describedby={error ? `${hintId}-error ${hintId}` : hintId}>
      <legend className="text-base font-bold text-slate-900">{t('purchasing.membersLegend')}</legend>
      <p id={hintId} className="text-sm text-slate-600">{t('purchasing.membersHint')}</p>
      {members.length === 0 ? <p className="mt-3 text-sm text-slate-600">{t('purchasing.noMembersToChoose')}</p> : (
        <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {members.map((member) => (
            <CheckboxField
              key={member.id}
              checked={chosen.includes(member.id)}
              onChange={(event) => toggle(member.id, event.target.checked)}
              label={(
                <span className="block min-w-0">
                  <DataText className="block font-medium text-slate-900">{member.name || member.email}</DataText>
                  {member.name ? <DataText className="block text-xs break-all text-slate-500">{member.email}</DataText>
                    : <span className="block text-xs text-slate-500">{t('purchasing.invited')}</span>}
                </span>
              )}
            />
          ))}
        </div>
      )}
      <FieldMessage id={`${hintId}-error`} error={error} />
    </fieldset>
  );
}

/**
 * Adding a department, or changing one (`department`): its name, cost centre, purchase-order rule, bill-to and
 * delivery addresses and members. The server's refusals land on their fields (`ship_to.0.city`, `name`, `member_ids`).
 */
export function DepartmentForm({ department, members, onDone }: {
  department?: Department;
  members: readonly OrganisationMember[];
  /** Called once it is saved or given up. */
  onDone: () => void;
}) {
  const { t } = useTranslation('organisation-purchasing');
  const errorText = useErrorText();
  const form = useDepartmentForm(department);
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const pending = create.isPending || update.isPending;
  const headingId = useId();
  const billToHintId = useId();
  const { setFocus } = form;

  useEffect(() => setFocus('name'), [setFocus]);

  const submit = form.handleSubmit((body) => {
    if (pending) return;
    const handlers = {
      onSuccess: () => {
        notify.success(department ? t('purchasing.savedToast') : t('purchasing.createdToast'), body.name);
        onDone();
      },
      onError: (error: Error) => {
        if (!form.setServerErrors(error)) notify.error(t('purchasing.saveFailed'), errorText(error));
      },
    };
    if (department) update.mutate({ id: department.id, body }, handlers);
    else create.mutate(body, handlers);
  });

  return (
    <Card className="p-5 sm:p-6">
      <form onSubmit={submit} noValidate aria-labelledby={headingId} className="space-y-6" data-testid="department-form">
        <h3 id={headingId} className="text-lg font-bold text-slate-900">
          {department ? t('purchasing.editHeading', { name: department.name }) : t('purchasing.newHeading')}
        </h3>
        <div className="grid gap-4 md:grid-cols-2">
          <TextField label={t('purchasing.name')} required maxLength={100} autoComplete="off" {...form.register('name')}
            error={form.errorText('name')} />
          <TextField label={t('purchasing.costCentreLabel')} hint={t('purchasing.costCentreHint')} maxLength={40} autoComplete="off"
            {...form.register('cost_centre')} error={form.errorText('cost_centre')} />
        </div>
        <CheckboxField label={t('purchasing.poRequired')} {...form.register('po_required')} error={form.errorText('po_required')} />

        <fieldset aria-describedby={billToHintId} className="space-y-4">
          <legend className="text-base font-bold text-slate-900">{t('purchasing.billToLegend')}</legend>
          <p id={billToHintId} className="-mt-2 text-sm text-slate-600">{t('purchasing.billToHint')}</p>
          <AddressFields form={form} prefix="bill_to" />
        </fieldset>

        <DeliveryAddresses form={form} />
        <MemberChoice form={form} members={members} />

        <div className="flex flex-col-reverse gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
          <Button variant="ghost" onClick={onDone}>{t('purchasing.cancel')}</Button>
          <Button type="submit" className="aria-busy:opacity-60" aria-busy={pending}>
            {pending ? t('purchasing.saving') : department ? t('purchasing.save') : t('purchasing.create')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

import { useTranslation } from 'react-i18next';
import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Save } from 'lucide-react';
import { identityBody, SHARED_SECRET_MIN, type PunchoutUrls } from '#contracts/punchout';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ErrorState } from '../components/ui/error-state.tsx';
import { notify } from '../components/ui/notify.ts';
import { SelectField } from '../components/ui/select-field.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { TextField } from '../components/ui/text-field.tsx';
import { useContractForm } from '../forms/use-contract-form.ts';
import { useErrorText } from '../lib/error-text.ts';
import { punchoutIdentityQuery, useSaveIdentity } from './punchout.api.ts';

/** A secret the admin may take instead of inventing one: 32 random characters. */
function randomSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
}

function Urls({ urls }: { urls: PunchoutUrls }) {
  const { t } = useTranslation('punchout');
  const rows = [[t('setupUrl'), urls.cxml_setup], [t('orderUrl'), urls.cxml_order], [t('ociUrl'), urls.oci]] as const;
  return (
    <Card className="p-5 sm:p-6">
      <h3 className="font-semibold text-slate-900">{t('urlsHeading')}</h3>
      <p className="mt-1 text-sm text-slate-600">{t('urlsIntro')}</p>
      <dl className="mt-4 space-y-3 text-sm" data-testid="punchout-urls">
        {rows.map(([label, url]) => (
          <div key={url}>
            <dt className="font-medium text-slate-500">{label}</dt>
            <dd><span dir="ltr" className="block font-mono break-all text-slate-900">{url}</span></dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

/** The organisation's punchout settings (its admins): the credential, the shared secret (shown once), the price rule. */
export function PunchoutPanel() {
  const { t } = useTranslation('punchout');
  const failureText = useErrorText();
  const identity = useQuery(punchoutIdentityQuery());
  const save = useSaveIdentity();
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const form = useContractForm(identityBody, {
    defaultValues: { from_domain: 'NetworkId', from_identity: '', shared_secret: '', price_mismatch: 'refuse' },
  });
  const { register, errorText } = form;
  const saved = identity.data?.identity;
  useEffect(() => {
    if (saved) form.reset({ from_domain: saved.from_domain, from_identity: saved.from_identity, shared_secret: '', price_mismatch: saved.price_mismatch });
  }, [saved, form]);

  const submit = form.handleSubmit((body) => save.mutate(body, {
    onSuccess: (answer) => {
      setShownSecret(answer.shared_secret);
      notify.success(t('savedToast'));
    },
    onError: (error) => {
      if (!form.setServerErrors(error)) notify.error(t('saveFailed'), failureText(error));
    },
  }));

  if (identity.isError) return <ErrorState title={t('loadFailed')} error={identity.error} onRetry={() => void identity.refetch()} />;
  if (!identity.data) return <Skeleton className="h-64 w-full" />;
  const rules = [{ value: 'refuse', label: t('ruleRefuse') }, { value: 'accept_with_note', label: t('ruleAccept') }];
  return (
    <section aria-labelledby="punchout-heading" className="space-y-6">
      <div>
        <h2 id="punchout-heading" className="text-lg font-bold text-slate-900">{t('heading')}</h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{t('intro')}</p>
      </div>
      {shownSecret && (
        <div role="status" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950" data-testid="shown-secret">
          <p className="font-semibold">{t('secretOnce')}</p>
          <span dir="ltr" className="mt-2 block font-mono break-all">{shownSecret}</span>
        </div>
      )}
      <Card className="p-5 sm:p-6">
        <form onSubmit={submit} noValidate className="space-y-4" aria-labelledby="punchout-heading">
          <p className="text-sm text-slate-600">{saved ? t('configured') : t('notConfigured')}</p>
          <div className="grid gap-4 md:grid-cols-2">
            <TextField label={t('fromDomain')} hint={t('fromDomainHint')} required autoComplete="off" {...register('from_domain')} error={errorText('from_domain')} />
            <TextField label={t('fromIdentity')} hint={t('fromIdentityHint')} required autoComplete="off" {...register('from_identity')} error={errorText('from_identity')} />
            <div className="space-y-2">
              <TextField label={t('sharedSecret')} hint={t('sharedSecretHint', { min: SHARED_SECRET_MIN })} required autoComplete="new-password"
                {...register('shared_secret')} error={errorText('shared_secret')} />
              <Button type="button" variant="secondary" size="sm"
                onClick={() => form.setValue('shared_secret', randomSecret(), { shouldValidate: true })}>
                <KeyRound aria-hidden="true" className="h-4 w-4" /> {t('generate')}
              </Button>
            </div>
            <SelectField label={t('priceRule')} hint={t('priceRuleHint')} options={rules} {...register('price_mismatch')} error={errorText('price_mismatch')} />
          </div>
          <Button type="submit" disabled={save.isPending}>
            <Save aria-hidden="true" className="h-4 w-4" /> {save.isPending ? t('saving') : t('save')}
          </Button>
        </form>
      </Card>
      <Urls urls={identity.data.urls} />
    </section>
  );
}

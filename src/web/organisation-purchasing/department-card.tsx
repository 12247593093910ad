import { useTranslation } from 'react-i18next';
import { Pencil } from 'lucide-react';
import type { OrganisationMember } from '#contracts/organisation-members';
import type { Department, DepartmentAddress } from '#contracts/organisation-purchasing';
import { Badge } from '../components/ui/badge.tsx';
import { Button } from '../components/ui/button.tsx';
import { DataText } from '../components/ui/data-text.tsx';
import { addressee, addressLine } from './address-line.ts';

/** Who an address is for and where, on one line. */
const fullLine = (address: DepartmentAddress) => [addressee(address), addressLine(address)].filter(Boolean).join(', ');

const term = 'text-xs font-semibold tracking-wide text-slate-500 uppercase';

/** One department as an admin sees it: its name, cost centre, PO rule, addresses and members, with Edit. */
export function DepartmentCard({ department, members, onEdit }: {
  department: Department;
  members: readonly OrganisationMember[];
  onEdit: () => void;
}) {
  const { t } = useTranslation('organisation-purchasing');
  const headingId = `department-${department.id}`;
  const names = department.member_ids
    .map((id) => members.find((member) => member.id === id))
    .filter((member): member is OrganisationMember => Boolean(member))
    .map((member) => member.name || member.email);

  return (
    <article aria-labelledby={headingId} data-testid="department" className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-bold text-slate-900"><DataText>{department.name}</DataText></h3>
          {department.cost_centre && (
            <p className="text-sm text-slate-600">{t('costCentre', { code: department.cost_centre })}</p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {department.po_required && <Badge tone="warning">{t('purchasing.poRequiredBadge')}</Badge>}
          <Button id={`edit-department-${department.id}`} size="sm" variant="secondary" onClick={onEdit}
            aria-label={t('purchasing.editOf', { name: department.name })}>
            <Pencil aria-hidden="true" className="h-4 w-4" />{t('purchasing.edit')}
          </Button>
        </div>
      </div>
      <dl className="mt-4 grid gap-4 text-sm md:grid-cols-3">
        <div className="min-w-0">
          <dt className={term}>{t('purchasing.billTo')}</dt>
          <dd className="mt-1 text-slate-800"><DataText>{fullLine(department.bill_to)}</DataText></dd>
        </div>
        <div className="min-w-0">
          <dt className={term}>{t('purchasing.shipTo')}</dt>
          <dd className="mt-1">
            <ul className="space-y-1 text-slate-800">
              {department.ship_to.map((address, index) => (
                <li key={index}><DataText>{fullLine(address)}</DataText></li>
              ))}
            </ul>
          </dd>
        </div>
        <div className="min-w-0">
          <dt className={term}>{t('purchasing.members')}</dt>
          <dd className="mt-1 text-slate-800">
            {names.length > 0 ? (
              <ul className="flex flex-wrap gap-1.5">
                {names.map((name, index) => <li key={index}><Badge tone="neutral"><DataText>{name}</DataText></Badge></li>)}
              </ul>
            ) : <span className="text-slate-500">{t('purchasing.noMembers')}</span>}
          </dd>
        </div>
      </dl>
    </article>
  );
}

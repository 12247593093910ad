import { ChevronDown } from 'lucide-react';
import type { CurrentUser } from './normalize-user.ts';

/** The account button's look, shared by the menu's trigger and the stand-in shown until the menu's code loads. */
export const USER_MENU_BUTTON_CLASSES =
  'inline-flex h-10 items-center gap-2 rounded-lg pe-1 ps-1 text-sm font-semibold text-slate-700 hover:bg-slate-100 data-[state=open]:bg-slate-100 sm:pe-2';

export const fullNameOf = (user: CurrentUser) => `${user.firstName} ${user.lastName}`.trim();

function initials(user: CurrentUser): string {
  return `${user.firstName.charAt(0)}${user.lastName.charAt(0)}`.toUpperCase() || user.email.charAt(0).toUpperCase();
}

/** Initials, first name on wide screens, and the chevron. */
export function UserMenuFace({ user }: { user: CurrentUser }) {
  return (
    <>
      <span aria-hidden="true" className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-700 text-xs font-bold text-white">
        {initials(user)}
      </span>
      <span className="hidden max-w-32 truncate xl:inline">{user.firstName}</span>
      <ChevronDown aria-hidden="true" className="hidden h-4 w-4 text-slate-500 sm:block" />
    </>
  );
}

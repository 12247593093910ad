/** The signed-in person as the shell needs them; the accounts feature fills this in. */
export interface CurrentUser {
  firstName: string;
  lastName: string;
  email: string;
  isStaff: boolean;
}

export interface CurrentUserState {
  user: CurrentUser | null;
  isLoading: boolean;
}

/** Seam for the accounts feature: until sign-in exists, every visitor is anonymous. */
export function useCurrentUser(): CurrentUserState {
  return { user: null, isLoading: false };
}

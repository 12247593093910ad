import type { MembersAnswer, OrganisationMember, OrganisationRole } from '#contracts/organisation-members';

/** A joined member of Mayo Hospital Lahore as the members list answers it; the test says what differs. */
export const organisationMember = (overrides: Partial<OrganisationMember> = {}): OrganisationMember => ({
  id: 1, email: 'amna@mayo.example', name: 'Amna Khan', role: 'admin', status: 'active',
  invited_at: '2026-02-01T09:00:00.000Z', joined_at: '2026-02-01T09:00:00.000Z', is_you: false, ...overrides,
});

/** GET /api/organisation/members/ for a reader with `your_role`. */
export const membersAnswer = (your_role: OrganisationRole, members: OrganisationMember[]): MembersAnswer =>
  ({ organisation: { id: 'org-1', name: 'Mayo Hospital Lahore', verified: true }, your_role, members });

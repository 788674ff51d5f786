/** Query keys of the team area; a decision on a member list invalidates both lists. */
export const teamKeys = {
  teamLists: ['team-list'] as const,
  teamList: (start: string | null, end: string | null) => ['team-list', start, end] as const,
  reporteeDetails: ['reportee-detail'] as const,
  reporteeDetail: (managerCode: string, requestRaised: string) => ['reportee-detail', managerCode, requestRaised] as const,
};

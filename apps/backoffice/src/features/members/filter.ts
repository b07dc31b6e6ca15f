import type { BoMemberRow } from '@sb/contract';

export interface MemberFilter {
  search: string;
  state: string;
}

/** The rows a search (account id, case-insensitive) and a status filter keep. */
export function filterMembers(rows: readonly BoMemberRow[], filter: MemberFilter): BoMemberRow[] {
  const needle = filter.search.trim().toLowerCase();
  return rows.filter(
    (row) =>
      (!needle || row.account_id.toLowerCase().includes(needle)) &&
      (!filter.state || row.state === filter.state),
  );
}

/** Levels a caller may create under itself: the next upline level down, or members (an agent makes members). */
export function creatableLevels(level: string | null): ('agent' | 'member')[] {
  if (level === 'agent') return ['member'];
  return ['agent', 'member'];
}

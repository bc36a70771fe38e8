import { PagePlaceholder } from '@/components/layout/page-placeholder';

/** TEMPORARY placeholder for the teams page (SPEC §2 Teams page). */
export default function TeamsPage() {
  return <PagePlaceholder title="TEAMS" />;
}

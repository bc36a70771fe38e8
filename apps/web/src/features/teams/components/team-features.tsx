import { BrainCircuitIcon, KanbanSquareIcon, ShieldCheckIcon } from 'lucide-react';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';

const FEATURES = [
  {
    icon: ShieldCheckIcon,
    title: 'ROLE_ASSIGNMENT',
    text: 'Give each avatar a role: lead, researcher, builder, negotiator, designer or analyst.',
    tone: 'text-primary',
  },
  {
    icon: BrainCircuitIcon,
    title: 'COLLABORATIVE_AI',
    text: 'Brief the team once; every member answers in its own voice and builds on the others.',
    tone: 'text-neon-magenta',
  },
  {
    icon: KanbanSquareIcon,
    title: 'PROJECT_MANAGEMENT',
    text: 'One team per project: switch teams active or inactive, and every exchange trains its avatar.',
    tone: 'text-neon-lime',
  },
] as const;

/** The teams page's feature blurb (SPEC §2: role assignment, collaborative AI, project management). */
export function TeamFeatures() {
  return (
    <Card className="gap-4 py-5">
      <CardHeader className="px-5">
        <CardTitle asChild>
          <h2>TEAM_FEATURES</h2>
        </CardTitle>
      </CardHeader>
      <CardContent className="px-5">
        <ul className="grid gap-4">
          {FEATURES.map(({ icon: Icon, title, text, tone }) => (
            <li key={title} className="flex gap-3">
              <Icon className={`mt-0.5 size-5 shrink-0 ${tone}`} aria-hidden="true" />
              <div>
                <h3 className={`label-mono ${tone}`}>{title}</h3>
                <p className="mt-1 text-sm text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

import { SparklesIcon } from 'lucide-react';

/** TEMPORARY content of the dashboard CREATE tab until the mintable avatar cards (SPEC §2 CREATE tab) are built. */
export function CreateAvatarPlaceholder() {
  return (
    <section
      aria-labelledby="create-title"
      className="rounded-lg border border-dashed border-neon-magenta/40 bg-card/60 p-8 text-center"
    >
      <SparklesIcon className="mx-auto size-8 text-neon-magenta" aria-hidden="true" />
      <h2 id="create-title" className="mt-4 font-display text-lg font-bold tracking-widest text-neon-magenta">
        CREATE
      </h2>
      <p className="mt-2 text-sm text-muted-foreground">Mintable avatar templates are coming online soon.</p>
    </section>
  );
}

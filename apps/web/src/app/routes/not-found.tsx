import { AlertTriangleIcon } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@/components/ui/button';
import { paths } from '../paths';

/** Signed-in fallback for unknown paths (SPEC §2). */
export default function NotFoundPage() {
  return (
    <div className="grid flex-1 place-items-center px-4 py-16">
      <div className="w-full max-w-md rounded-lg border border-destructive/50 bg-card/80 p-8 text-center shadow-[0_0_30px_-12px_var(--destructive)]">
        <AlertTriangleIcon className="mx-auto size-10 text-destructive" aria-hidden="true" />
        <h1 className="mt-4 font-display text-2xl font-bold tracking-wide">404 Page Not Found</h1>
        <p className="mt-3 text-sm text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href={paths.home.getHref()}>BACK_TO_DASHBOARD</Link>
        </Button>
      </div>
    </div>
  );
}

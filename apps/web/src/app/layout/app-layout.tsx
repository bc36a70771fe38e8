import type { User } from '@app/domain/user';
import type { ReactNode } from 'react';
import { TooltipProvider } from '@/components/ui/tooltip';
import { Navbar } from './navbar';

/** Frame of every signed-in page: the navigation bar above the page, inside the tooltip provider. */
export function AppLayout({ user, isAdmin, children }: { user: User; isAdmin: boolean; children: ReactNode }) {
  return (
    <TooltipProvider>
      <div className="flex min-h-dvh flex-col">
        <Navbar user={user} isAdmin={isAdmin} />
        <main id="main" className="flex flex-1 flex-col">
          {children}
        </main>
      </div>
    </TooltipProvider>
  );
}

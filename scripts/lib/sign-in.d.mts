/** Types of sign-in.mjs (the development login and JSON calls of the scripts). */
export function sessionCookie(res: Response): string | undefined;
export function postDevLogin(origin: string, displayName: string, email: string): Promise<Response>;
export function devLogin(origin: string, displayName: string, email: string): Promise<string | undefined>;
export function jsonClient(
  origin: string,
  cookie?: () => string,
): (method: string, url: string, body?: unknown, cookie?: string) => Promise<{ status: number; json: unknown }>;

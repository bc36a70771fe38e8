import type { TemplateSeries } from '@app/domain/purchases';
import { apiRequest } from '@/lib/api';

/**
 * POST /api/purchases/templates/resolve {name}: the series behind a CREATE-tab template (created on
 * first use); MINT_AVATAR buys its next edition.
 */
export async function resolveTemplate(name: string): Promise<TemplateSeries> {
  const res = await apiRequest('POST', '/api/purchases/templates/resolve', { name });
  return (await res.json()) as TemplateSeries;
}

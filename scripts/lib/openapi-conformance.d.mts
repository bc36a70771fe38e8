/** Types of openapi-conformance.mjs (checks answers against the OpenAPI document). */
export interface Answer {
  method: string;
  /** URL path without the query. */
  path: string;
  status: number;
  contentType?: string;
  location?: string;
  body?: string | Buffer;
}
export interface Conformance {
  operationFor(method: string, path: string): { method: string; template: string; operation: unknown } | null;
  /** What the document does not declare about this answer, or null. */
  check(answer: Answer): string | null;
}
export function createConformance(doc: object): Conformance;

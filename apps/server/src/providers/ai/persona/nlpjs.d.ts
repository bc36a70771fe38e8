/** nlp.js ships JavaScript without type declarations; the persona engine uses a small part of it. */
declare module '@nlpjs/core' {
  // biome-ignore lint/suspicious/noExplicitAny: untyped library
  export function containerBootstrap(...args: unknown[]): Promise<any>;
}
declare module '@nlpjs/nlp' {
  export const Nlp: unknown;
}
declare module '@nlpjs/lang-en' {
  export const LangEn: unknown;
}
declare module '@nlpjs/language' {
  export class Language {
    guessBest(text: string, allowList?: string[]): { alpha2: string; alpha3: string; language: string; score: number };
  }
}

/** A section: paragraphs, then an optional list, then optional closing paragraphs. */
export type LegalSection = { heading: string; paragraphs: string[]; items?: string[]; after?: string[] };
export type LegalDocument = { title: string; updated: string; intro: string[]; sections: LegalSection[] };

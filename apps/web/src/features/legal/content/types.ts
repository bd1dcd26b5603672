/** A section: paragraphs, then an optional list, then optional closing paragraphs. */
export type LegalSection = { heading: string; paragraphs: string[]; items?: string[]; after?: string[] };
/** `updated` is an ISO date, shown in the document's own language like the rest of its text. */
export type LegalDocument = { title: string; updated: string; updatedLabel: string; intro: string[]; sections: LegalSection[] };

/**
 * The sponsor logos in the site footer, in order. Operators replace these entries (logos go in
 * `public/sponsors/`); with an empty list the footer shows no sponsor section.
 */
export interface Sponsor {
  /** Shown as written (a proper name, not translated); also the logo's text alternative. */
  name: string;
  url: string;
  /** A path of the site, served from `public/`. */
  logo: string;
  /** True for the placeholder artwork this repository ships, not a real sponsor; the footer says so. */
  placeholder?: boolean;
}

export const SPONSORS: readonly Sponsor[] = [
  { name: 'Placeholder sponsor A', url: 'https://sponsor-a.tribunal.example', logo: '/sponsors/placeholder-a.svg', placeholder: true },
  { name: 'Placeholder sponsor B', url: 'https://sponsor-b.tribunal.example', logo: '/sponsors/placeholder-b.svg', placeholder: true },
];

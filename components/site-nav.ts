/** The site's main sections, in header order. */
export const MAIN_NAV = [
  { href: '/services', label: 'Services' },
  { href: '/insights', label: 'Insights' },
  { href: '/principles', label: 'Principles' },
  { href: '/about', label: 'About' },
  { href: '/contact', label: 'Contact' },
] as const;

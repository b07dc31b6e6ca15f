/** Small line icons for the product banners (inline SVG: no icon font, no emoji font needed). */
const PATHS: Record<string, string> = {
  // a ball with its centre patch
  sports: 'M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20Zm0 5.5 3.3 2.4-1.3 3.9h-4l-1.3-3.9L12 7.5Z',
  // a spade
  casino: 'M12 2c3 4 8 6.5 8 10.5a4.5 4.5 0 0 1-7 3.7L14 21H10l1-4.8a4.5 4.5 0 0 1-7-3.7C4 8.5 9 6 12 2Z',
  // three reels
  slots: 'M3 5h18v14H3V5Zm2 2v10h4V7H5Zm5 0v10h4V7h-4Zm5 0v10h4V7h-4Z',
  // a lightning bolt
  efighting: 'M13 2 4 14h6l-1 8 9-12h-6l1-8Z',
  // a trophy
  tournament:
    'M7 3h10v2h4v3a4 4 0 0 1-4 4h-.3A5 5 0 0 1 13 14.9V18h3v3H8v-3h3v-3.1A5 5 0 0 1 7.3 12H7a4 4 0 0 1-4-4V5h4V3Zm10 4v3a2 2 0 0 0 2-2V7h-2ZM5 7v1a2 2 0 0 0 2 2V7H5Z',
};

export function BannerIcon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="32" height="32" aria-hidden="true" focusable="false">
      <path d={PATHS[name] ?? PATHS.sports} fill="currentColor" fillRule="evenodd" />
    </svg>
  );
}
